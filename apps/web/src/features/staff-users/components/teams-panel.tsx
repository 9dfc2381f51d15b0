import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaffUsers } from '../api/get-staff-users';
import { useTeams, type TeamRow } from '../api/get-teams';
import { StaffTable } from '@/components/staff-table';
import { TeamDialog } from './team-dialog';

export function TeamsPanel({ isAdmin }: { isAdmin: boolean }) {
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
      <StaffTable
        columns={[
          { key: 'name', label: t('staff.teams.columns.name'), cell: (team: TeamRow) => team.name },
          { key: 'manager', label: t('staff.teams.columns.manager'), cell: (team: TeamRow) => nameOf(team.managerId) },
          { key: 'members', label: t('staff.teams.columns.members'), cell: (team: TeamRow) => team.memberCount },
        ]}
        rows={teams.data}
        rowKey={(team) => team.id}
        rowTestId="team-row"
        loading={false}
        empty={null}
        tableProps={{ striped: true }}
        actionsLabel={t('staff.users.columns.actions')}
        rowActions={
          isAdmin
            ? (team) => (
                <Button size="compact-sm" variant="light" onClick={() => setEditing(team)}>
                  {t('staff.users.edit')}
                </Button>
              )
            : undefined
        }
      />
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
