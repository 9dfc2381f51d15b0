import { Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, formatDate, type StaffRole } from '@portal/contracts';
import { useStaffUsers, type StaffUserRow } from '../api/get-staff-users';
import { useTeams } from '../api/get-teams';
import { StaffUserForm } from './staff-user-form';
import { StaffTable, type StaffColumn } from '@/components/staff-table';

export function UsersPanel({ isAdmin }: { isAdmin: boolean }) {
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
  const columns: StaffColumn<StaffUserRow>[] = [
    {
      key: 'name',
      label: t('staff.users.columns.name'),
      cell: (user) => (
        <>
          {user.displayName}
          {user.twoFactorEnabled ? (
            <Badge ml="xs" size="xs" variant="outline">
              {t('staff.users.twoFactor')}
            </Badge>
          ) : null}
        </>
      ),
    },
    { key: 'email', label: t('staff.users.columns.email'), cell: (user) => user.email },
    {
      key: 'roles',
      label: t('staff.users.columns.roles'),
      cell: (user) => (
        <Group gap={4}>
          {user.roles.map((role) => (
            <Badge key={role} variant="light" size="sm">
              {t(`staff.users.roles.${role}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'team', label: t('staff.users.columns.team'), cell: (user) => teamName(user.teamId) },
    { key: 'partners', label: t('staff.users.columns.partners'), cell: (user) => user.partnerCount },
    {
      key: 'status',
      label: t('staff.users.columns.status'),
      minWidth: 104,
      cell: (user) => (
        <Badge color={!user.enabled ? 'gray' : user.invitationPending ? 'yellow' : 'green'} variant="light">
          {t(
            !user.enabled
              ? 'staff.users.status.disabled'
              : user.invitationPending
                ? 'staff.users.status.invited'
                : 'staff.users.status.active',
          )}
        </Badge>
      ),
    },
    {
      key: 'loggedAt',
      label: t('staff.users.columns.loggedAt'),
      cell: (user) => (user.loggedAt ? formatDate(user.loggedAt) : '—'),
    },
  ];
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setEditing('new')} data-testid="staff-user-invite">
          {t('staff.users.invite')}
        </Button>
      </Group>
      <StaffTable
        columns={columns}
        rows={users.data}
        rowKey={(user) => user.id}
        rowTestId="staff-user-row"
        loading={false}
        empty={null}
        minWidth={1040}
        actionsLabel={t('staff.users.columns.actions')}
        rowActions={(user) => (
          <Button size="compact-sm" variant="light" onClick={() => setEditing(user)}>
            {t('staff.users.edit')}
          </Button>
        )}
      />
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
