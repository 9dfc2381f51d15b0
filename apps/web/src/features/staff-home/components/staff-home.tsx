import { Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatCount,
  formatDate,
  formatHour,
  formatMoneyMinor,
  type StaffHome as StaffHomeData,
} from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useCapAlerts, useStaffHome, useStaffNotifications } from '../api/staff-home';

type Queue = {
  key: keyof StaffHomeData;
  /** Where the queue is worked, for these roles; null while its screen does not exist yet. */
  to: (roles: readonly string[]) => string | null;
};

/** The queues, in the order of a working day: new partners first, money last. */
const QUEUES: readonly Queue[] = [
  { key: 'pendingPartners', to: () => `${paths.staffPartners.href()}?status=pending` },
  { key: 'pendingApplications', to: () => paths.staffApplications.href() },
  { key: 'pendingDocuments', to: () => paths.staffDocuments.href() },
  { key: 'pendingConversions', to: () => paths.staffConversions.href() },
  {
    key: 'invoicesWaitingForApproval',
    to: (roles) => (roles.includes('ROLE_ADMIN') ? paths.staffBilling.href() : null),
  },
];

/** The staff console's home (issue 17): each work queue the role works, with its count and where to work it. */
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
          const to = queue.to(config.roles);
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
                  {to ? (
                    <Anchor component={Link} to={to} data-testid="staff-queue-link">
                      {count > 0 ? t('staff.home.open') : t('staff.home.view')}
                    </Anchor>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('staff.home.screenLater')}
                    </Text>
                  )}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <CapAlerts />
      <StaffAlerts />
    </Stack>
  );
}

/** The offers whose caps are at 90 % or more in their current period (issue 20), most used first. */
function CapAlerts() {
  const { t } = useTranslation();
  const alerts = useCapAlerts();
  const list = alerts.data ?? [];
  const amount = (metric: string, value: number) =>
    metric === 'payout' || metric === 'revenue' ? formatMoneyMinor(value) : formatCount(value);
  return (
    <Card withBorder padding="lg" data-testid="staff-home-caps">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('staff.home.caps.title')}
        </Title>
        {alerts.isError ? <Text c="red">{t('staff.home.loadError')}</Text> : null}
        {alerts.isSuccess && list.length === 0 ? <Text size="sm">{t('staff.home.caps.none')}</Text> : null}
        {list.length > 0 ? (
          <Table data-testid="staff-home-caps-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.home.caps.offer')}</Table.Th>
                <Table.Th>{t('staff.offers.overrides.partner')}</Table.Th>
                <Table.Th>{t('staff.offers.caps.metric')}</Table.Th>
                <Table.Th>{t('staff.offers.caps.used')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((cap) => (
                <Table.Tr key={cap.id} data-testid="staff-home-cap-row">
                  <Table.Td>
                    <Anchor component={Link} to={paths.staffOffer.href(cap.offerId)}>
                      {`${cap.offerName} #${cap.offerId}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{cap.partner ? `${cap.partner.name} #${cap.partner.id}` : t('staff.offers.caps.allPartners')}</Table.Td>
                  <Table.Td>{`${t(`staff.offers.caps.metrics.${cap.metric}`)} · ${t(`staff.offers.caps.periods.${cap.period}`)}`}</Table.Td>
                  <Table.Td>{t('staff.offers.caps.usedOf', { used: amount(cap.metric, cap.used), limit: amount(cap.metric, cap.limit) })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
} // prettier-ignore

/** The staff member's latest notifications (cap alerts), newest first. */
function StaffAlerts() {
  const { t } = useTranslation();
  const notifications = useStaffNotifications();
  const list = notifications.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card withBorder padding="lg" data-testid="staff-home-notifications">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('staff.home.notifications')}
        </Title>
        {list.map((n) => (
          <Text key={n.id} size="sm" data-testid="staff-home-notification">
            {n.createdAt ? `${formatDate(n.createdAt)} ${formatHour(n.createdAt)} · ` : ''}
            {n.link ? (
              <Anchor component={Link} to={n.link}>
                {n.title}
              </Anchor>
            ) : (
              n.title
            )}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
