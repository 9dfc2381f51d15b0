import { Anchor, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoneyAmounts } from '@portal/contracts';
import { paths } from '@/lib/paths';
import { usePartnerPerformance } from '../api/get-partner-performance';

/**
 * A partner's last 30 days in the network's numbers (decision 082): clicks, conversions, payout, advertiser revenue and
 * margin, today's clicks and conversions, and a link to the network report by day filtered on it over the same days.
 */
export function PartnerPerformance({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation();
  const performance = usePartnerPerformance(partnerId);
  if (performance.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (performance.isError) return <Text c="red">{t('errors.generic')}</Text>;
  const { last30Days, today, startDate, endDate } = performance.data;
  const money = (list: typeof last30Days.payout) => formatMoneyAmounts(list, 'EUR');
  const report = `${paths.staffReports.href()}?${new URLSearchParams({ by: 'day', partnerId: String(partnerId), startDate, endDate })}`; // prettier-ignore
  const figures = [
    ['clicks', formatCount(last30Days.clicks)],
    ['conversions', formatCount(last30Days.conversions)],
    ['payout', money(last30Days.payout)],
    ['advertiserRevenue', money(last30Days.advertiserRevenue)],
    ['margin', money(last30Days.margin)],
  ] as const;
  return (
    <Card withBorder padding="md" data-testid="staff-partner-performance">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h5">
          {t('staff.partner.performance.title')}
        </Title>
        <Anchor component={Link} to={report} size="sm" data-testid="staff-partner-performance-report">
          {t('staff.partner.performance.report')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {figures.map(([key, value]) => (
          <Stack key={key} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase">
              {t(`staff.reports.columns.${key}`)}
            </Text>
            <Text fw={700} data-testid={`staff-partner-performance-${key}`}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" mt="xs" data-testid="staff-partner-today">
        {t('staff.partner.performance.today', {
          clicks: formatCount(today.clicks),
          conversions: formatCount(today.conversions),
        })}
      </Text>
    </Card>
  );
}
