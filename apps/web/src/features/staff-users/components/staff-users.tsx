import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { CompliancePanel } from './compliance-panel';
import { SecurityPanel } from './security-panel';
import { TeamsPanel } from './teams-panel';
import { UsersPanel } from './users-panel';

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
