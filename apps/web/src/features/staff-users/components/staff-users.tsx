import {
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  STAFF_ROLES,
  formatDate,
  type DocumentType,
  type StaffRole,
} from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import {
  useComplianceSettings,
  useCreateTeam,
  useSecuritySettings,
  useStaffUsers,
  useTeams,
  useUpdateComplianceSettings,
  useUpdateSecuritySettings,
  useUpdateTeam,
  type StaffUserRow,
  type TeamRow,
} from '../api/staff-users';
import { StaffUserForm } from './staff-user-form';

/**
 * Staff users, teams and the network's security settings (decision 037): admins manage everyone; team managers the
 * account managers of their team.
 */
export function StaffUsers() {
  const { t } = useTranslation();
  const config = useConfig();
  const isAdmin = config.roles.includes('ROLE_ADMIN');
  return (
    <Tabs defaultValue="users" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="users" data-testid="staff-tab-users">
          {t('staff.users.tabs.users')}
        </Tabs.Tab>
        <Tabs.Tab value="teams" data-testid="staff-tab-teams">
          {t('staff.users.tabs.teams')}
        </Tabs.Tab>
        {isAdmin ? (
          <Tabs.Tab value="security" data-testid="staff-tab-security">
            {t('staff.users.tabs.security')}
          </Tabs.Tab>
        ) : null}
        {isAdmin ? (
          <Tabs.Tab value="compliance" data-testid="staff-tab-compliance">
            {t('staff.users.tabs.compliance')}
          </Tabs.Tab>
        ) : null}
      </Tabs.List>
      <Tabs.Panel value="users" pt="md">
        <UsersPanel isAdmin={isAdmin} />
      </Tabs.Panel>
      <Tabs.Panel value="teams" pt="md">
        <TeamsPanel isAdmin={isAdmin} />
      </Tabs.Panel>
      {isAdmin ? (
        <Tabs.Panel value="security" pt="md">
          <SecurityPanel />
        </Tabs.Panel>
      ) : null}
      {isAdmin ? (
        <Tabs.Panel value="compliance" pt="md">
          <CompliancePanel />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}

function UsersPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const users = useStaffUsers();
  const teams = useTeams();
  const [editing, setEditing] = useState<StaffUserRow | 'new' | null>(null);
  if (users.isPending || teams.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (users.isError || teams.isError) return <Text c="red">{t('staff.users.loadError')}</Text>;
  const teamName = (id: number | null) => teams.data.find((team) => team.id === id)?.name ?? '—';
  const grantable: StaffRole[] = isAdmin ? [...(STAFF_ROLES as readonly StaffRole[])] : ['ROLE_ACCOUNT_MANAGER'];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')} data-testid="staff-user-invite">
          {t('staff.users.invite')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={1040}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('staff.users.columns.name')}</Table.Th>
              <Table.Th>{t('staff.users.columns.email')}</Table.Th>
              <Table.Th>{t('staff.users.columns.roles')}</Table.Th>
              <Table.Th>{t('staff.users.columns.team')}</Table.Th>
              <Table.Th>{t('staff.users.columns.partners')}</Table.Th>
              <Table.Th>{t('staff.users.columns.status')}</Table.Th>
              <Table.Th>{t('staff.users.columns.loggedAt')}</Table.Th>
              <Table.Th>{t('staff.users.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => (
              <Table.Tr key={user.id} data-testid="staff-user-row">
                <Table.Td>
                  {user.displayName}
                  {user.twoFactorEnabled ? (
                    <Badge ml="xs" size="xs" variant="outline">
                      {t('staff.users.twoFactor')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {user.roles.map((role) => (
                      <Badge key={role} variant="light" size="sm">
                        {t(`staff.users.roles.${role}`)}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{teamName(user.teamId)}</Table.Td>
                <Table.Td>{user.partnerCount}</Table.Td>
                <Table.Td miw={104}>
                  <Badge color={!user.enabled ? 'gray' : user.invitationPending ? 'yellow' : 'green'} variant="light">
                    {t(
                      !user.enabled
                        ? 'staff.users.status.disabled'
                        : user.invitationPending
                          ? 'staff.users.status.invited'
                          : 'staff.users.status.active',
                    )}
                  </Badge>
                </Table.Td>
                <Table.Td>{user.loggedAt ? formatDate(user.loggedAt) : '—'}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => setEditing(user)}>
                    {t('staff.users.edit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing ? (
        <StaffUserForm
          user={editing === 'new' ? null : editing}
          users={users.data}
          teams={teams.data}
          grantable={grantable}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function TeamsPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const teams = useTeams();
  const users = useStaffUsers();
  const [editing, setEditing] = useState<TeamRow | 'new' | null>(null);
  if (teams.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (teams.isError) return <Text c="red">{t('staff.users.loadError')}</Text>;
  const nameOf = (id: number | null) => users.data?.find((u) => u.id === id)?.displayName ?? (id ? `#${id}` : '—');
  return (
    <Stack gap="md">
      {isAdmin ? (
        <Group justify="flex-end">
          <Button onClick={() => setEditing('new')} data-testid="team-create">
            {t('staff.teams.create')}
          </Button>
        </Group>
      ) : null}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.teams.columns.name')}</Table.Th>
            <Table.Th>{t('staff.teams.columns.manager')}</Table.Th>
            <Table.Th>{t('staff.teams.columns.members')}</Table.Th>
            {isAdmin ? <Table.Th>{t('staff.users.columns.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.data.map((team) => (
            <Table.Tr key={team.id} data-testid="team-row">
              <Table.Td>{team.name}</Table.Td>
              <Table.Td>{nameOf(team.managerId)}</Table.Td>
              <Table.Td>{team.memberCount}</Table.Td>
              {isAdmin ? (
                <Table.Td>
                  <Button size="compact-sm" variant="light" onClick={() => setEditing(team)}>
                    {t('staff.users.edit')}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? (
        <TeamDialog
          team={editing === 'new' ? null : editing}
          managers={(users.data ?? []).filter((u) => u.enabled && u.roles.includes('ROLE_TEAM_MANAGER'))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function TeamDialog({
  team,
  managers,
  onClose,
}: {
  team: TeamRow | null;
  managers: readonly StaffUserRow[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const [name, setName] = useState(team?.name ?? '');
  const [managerId, setManagerId] = useState<string | null>(team?.managerId ? String(team.managerId) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const body = { name: name.trim(), managerId: managerId ? Number(managerId) : null };
    if (!body.name) return setErrors({ name: t('formError.required') });
    try {
      if (team) await update.mutateAsync({ id: team.id, body });
      else await create.mutateAsync(body);
      showSnackbar({ kind: 'success', message: t('staff.teams.saved', { name: body.name }) });
      onClose();
    } catch (error) {
      handleFormError(error, {
        t,
        fields: ['name', 'managerId'] as const,
        setError: (field, value) => setErrors((current) => ({ ...current, [field]: value.message })),
      });
    }
  };
  return (
    <Modal opened onClose={onClose} title={team ? t('staff.teams.editTitle') : t('staff.teams.create')}>
      <Stack gap="sm">
        <TextInput
          label={t('staff.teams.columns.name')}
          withAsterisk
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-testid="team-name"
        />
        <Select
          label={t('staff.teams.columns.manager')}
          data={managers.map((u) => ({ value: String(u.id), label: u.displayName }))}
          value={managerId}
          onChange={setManagerId}
          clearable
          error={errors.managerId}
          data-testid="team-manager"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} data-testid="team-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SecurityPanel() {
  const { t } = useTranslation();
  const settings = useSecuritySettings(true);
  const save = useUpdateSecuritySettings();
  if (settings.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (settings.isError || !settings.data) return <Text c="red">{t('staff.users.loadError')}</Text>;
  return (
    <Stack gap="xs" maw={640}>
      <Switch
        label={t('staff.security.requireTwoFactor')}
        description={t('staff.security.requireTwoFactorHint')}
        checked={settings.data.staffTwoFactorRequired}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { staffTwoFactorRequired: event.currentTarget.checked },
            {
              onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.security.saved') }),
              onError: (error) => handleFormError(error, { t }),
            },
          )
        }
        data-testid="staff-require-two-factor"
      />
    </Stack>
  );
}

/** Which compliance documents every partner must hold, approved and unexpired; the others are flagged (decision 040). */
function CompliancePanel() {
  const { t } = useTranslation();
  const settings = useComplianceSettings();
  const save = useUpdateComplianceSettings();
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (settings.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (settings.isError || !settings.data) return <Text c="red">{t('staff.users.loadError')}</Text>;
  const value = chosen ?? settings.data.requiredDocumentTypes;
  return (
    <Stack gap="sm" maw={640}>
      <Checkbox.Group
        label={t('staff.compliance.required')}
        description={t('staff.compliance.requiredHint')}
        value={value}
        onChange={setChosen}
        data-testid="staff-required-documents"
      >
        <Stack gap={6} mt="xs">
          {DOCUMENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={DOCUMENT_TYPE_LABELS[type]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button
          loading={save.isPending}
          disabled={chosen === null}
          onClick={() =>
            save.mutate(
              { requiredDocumentTypes: value as DocumentType[] },
              {
                onSuccess: () => {
                  setChosen(null);
                  showSnackbar({ kind: 'success', message: t('staff.compliance.saved') });
                },
                onError: (error) => handleFormError(error, { t }),
              },
            )
          }
          data-testid="staff-required-documents-save"
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
