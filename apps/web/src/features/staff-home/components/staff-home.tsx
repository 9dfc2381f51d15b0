import { Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatCount,
  formatDate,
  formatHour,
  formatMoneyAmounts,
  formatMoneyMinor,
  type NetworkFigures,
  type NetworkReportRow,
  type StaffHome as StaffHomeData,
} from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { useCapAlerts } from '../api/get-cap-alerts';
import { useHomeNumbers } from '../api/get-home-numbers';
import { useStaffHome } from '../api/get-staff-home';
import { useStaffNotifications } from '../api/get-staff-notifications';
import { OverrideRequests } from './override-requests';

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
  { key: 'pendingConversions', to: () => paths.staffConversions.href() },
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
      <NetworkNumbers />
      <CapAlerts />
      <StaffAlerts />
    </Stack>
  );
}

/** The offers whose caps are at 90 % or more in their current period (decision 045), most used first. */
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

/**
 * The network's numbers in the viewer's scope (decision 046): today, 7 days and month to date, and the week's best
 * partners and offers by margin.
 */
function NetworkNumbers() {
  const { t } = useTranslation();
  const numbers = useHomeNumbers();
  if (numbers.isError) return <Text c="red">{t('staff.home.loadError')}</Text>;
  if (!numbers.data) return null;
  const data = numbers.data;
  const periods = [
    ['today', data.today],
    ['last7Days', data.last7Days],
    ['monthToDate', data.monthToDate],
  ] as const;
  const money = (list: NetworkFigures['payout']) => formatMoneyAmounts(list, 'EUR');
  const top = (title: string, rows: NetworkReportRow[], href: (id: number) => string, testId: string) => (
    <Card withBorder padding="lg" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? <Text size="sm">{t('staff.home.numbers.none')}</Text> : null}
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={href(Number(row.key))} size="sm" lineClamp={1}>
            {`${row.label} #${row.key}`}
          </Anchor>
          <Text size="sm" fw={600}>
            {money(row.margin)}
          </Text>
        </Group>
      ))}
    </Card>
  );
  return (
    <Stack gap="md" data-testid="staff-home-numbers">
      <Title order={2} size="h4">
        {t('staff.home.numbers.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {periods.map(([key, figures]) => (
          <Card key={key} withBorder padding="lg" data-testid={`staff-home-numbers-${key}`}>
            <Text fw={700}>{t(`staff.home.numbers.${key}`)}</Text>
            <Table variant="vertical" withRowBorders={false}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th>{t('staff.reports.columns.clicks')}</Table.Th>
                  <Table.Td data-testid="numbers-clicks">{formatCount(figures.clicks)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('staff.reports.columns.conversions')}</Table.Th>
                  <Table.Td>{formatCount(figures.conversions)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('staff.reports.columns.advertiserRevenue')}</Table.Th>
                  <Table.Td>{money(figures.advertiserRevenue)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('staff.reports.columns.payout')}</Table.Th>
                  <Table.Td>{money(figures.payout)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('staff.reports.columns.margin')}</Table.Th>
                  <Table.Td data-testid="numbers-margin">{money(figures.margin)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {top(t('staff.home.numbers.topPartners'), data.topPartners, (id) => paths.staffPartner.href(id), 'staff-home-top-partners')}
        {top(t('staff.home.numbers.topOffers'), data.topOffers, (id) => paths.staffOffer.href(id), 'staff-home-top-offers')}
      </SimpleGrid>
    </Stack>
  );
} // prettier-ignore
