import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoneyAmounts, type NetworkFigures, type NetworkReportRow } from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
import { LeanLink } from '@/components/lean';
import { leanTableParts } from '@/components/lean-table';
import { paths } from '@/lib/paths';
import { useHomeNumbers } from '../api/get-home-numbers';

/**
 * The network's numbers in the viewer's scope (decision 046): today, 7 days and month to date, and the week's best
 * partners and offers by margin.
 */
export function NetworkNumbers() {
  const { t } = useTranslation();
  const numbers = useHomeNumbers();
  if (numbers.isError) return <Text c="red">{t('staff.home.loadError')}</Text>;
  if (!numbers.data?.numbers) return null;
  const data = numbers.data.numbers;
  const periods = [
    ['today', data.today],
    ['last7Days', data.last7Days],
    ['monthToDate', data.monthToDate],
  ] as const;
  const money = (list: NetworkFigures['payout']) => formatMoneyAmounts(list, 'EUR');
  const parts = leanTableParts({ withRowBorders: false });
  const labels = {
    clicks: t('staff.reports.columns.clicks'),
    conversions: t('staff.reports.columns.conversions'),
    advertiserRevenue: t('staff.reports.columns.advertiserRevenue'),
    payout: t('staff.reports.columns.payout'),
    margin: t('staff.reports.columns.margin'),
  };
  const top = (title: string, rows: NetworkReportRow[], href: (id: number) => string, testId: string) => (
    <Card withBorder padding="lg" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? <Text size="sm">{t('staff.home.numbers.none')}</Text> : null}
      {rows.map((row) => (
        <div key={row.key} className="lean-between">
          <LeanLink to={href(Number(row.key))} size="sm" className="lean-clamp-1">
            {`${row.label} #${row.key}`}
          </LeanLink>
          <p className="lean-sm" style={{ fontWeight: 600 }}>
            {money(row.margin)}
          </p>
        </div>
      ))}
    </Card>
  );
  return (
    <Stack gap="md" data-testid="staff-home-numbers">
      <Title order={2} size="h4">
        {t('staff.home.numbers.title')}
      </Title>
      <DataLagNotice seconds={numbers.data.lagSeconds} />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {periods.map(([key, figures]) => (
          <Card key={key} withBorder padding="lg" data-testid={`staff-home-numbers-${key}`}>
            <Text fw={700}>{t(`staff.home.numbers.${key}`)}</Text>
            <Table variant="vertical" withRowBorders={false}>
              <Table.Tbody>
                {/* Plain rows with Mantine's classes (decision 147). */}
                {[
                  ['clicks', formatCount(figures.clicks), 'numbers-clicks'],
                  ['conversions', formatCount(figures.conversions), undefined],
                  ['advertiserRevenue', money(figures.advertiserRevenue), undefined],
                  ['payout', money(figures.payout), undefined],
                  ['margin', money(figures.margin), 'numbers-margin'],
                ].map(([column, value, testId]) => (
                  <tr key={column} {...parts.tr}>
                    <th {...parts.th}>{labels[column as keyof typeof labels]}</th>
                    <td {...parts.td} data-testid={testId}>{value}</td>
                  </tr>
                ))}
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
