import { Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, type StaffHome as StaffHomeData } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useStaffHome } from '../api/get-staff-home';
import { CapAlerts } from './cap-alerts';
import { NetworkNumbers } from './network-numbers';
import { OverrideRequests } from './override-requests';
import { PinnedView } from './pinned-view';
import { StaffAlerts } from './staff-alerts';

type Queue = {
  key: keyof StaffHomeData;
  /** Where the queue is worked. */
  to: () => string;
};

/** The queues, in the order of a working day: new partners first, money last. */
const QUEUES: readonly Queue[] = [
  { key: 'pendingPartners', to: () => `${paths.staffPartners.href()}?status=pending` },
  { key: 'pendingApplications', to: () => paths.staffApplications.href() },
  { key: 'pendingDocuments', to: () => paths.staffDocuments.href() },
  { key: 'pendingConversions', to: () => paths.staffConversions.href({ status: 'pending' }) },
  { key: 'invoicesWaitingForApproval', to: () => paths.staffInvoices.href('waiting_for_approval') },
];

/** The staff console's home (decision 036): each work queue the role works, with its count and where to work it. */
export function StaffHome() {
  const { t } = useTranslation();
  const config = useConfig();
  const home = useStaffHome();
  if (home.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (home.isError || !home.data) return <Text c="red">{t('staff.home.loadError')}</Text>;
  const data = home.data;
  const queues = QUEUES.filter((queue) => data[queue.key] !== null);
  return (
    <Stack gap="md">
      <Text c="dimmed" data-testid="staff-home-greeting">
        {t('staff.home.greeting', { name: config.user.firstname })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {queues.map((queue) => {
          const count = data[queue.key] ?? 0;
          const to = queue.to();
          return (
            <Card key={queue.key} withBorder padding="lg" data-testid={`staff-queue-${queue.key}`}>
              <Stack gap={4}>
                <Title order={2} size="h4">
                  {t(`staff.home.queues.${queue.key}`)}
                </Title>
                <Text fz={32} fw={700} data-testid="staff-queue-count">
                  {formatCount(count)}
                </Text>
                <Group>
                  <Anchor component={Link} to={to} data-testid="staff-queue-link">
                    {count > 0 ? t('staff.home.open') : t('staff.home.view')}
                  </Anchor>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {config.roles.includes('ROLE_ADMIN') ? <OverrideRequests /> : null}
      <PinnedView />
      <NetworkNumbers />
      <CapAlerts />
      <StaffAlerts />
    </Stack>
  );
}
