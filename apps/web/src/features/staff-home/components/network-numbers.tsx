import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoneyAmounts, type NetworkFigures, type NetworkReportRow } from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
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
  const top = (title: string, rows: NetworkReportRow[], href: (id: number) => string, testId: string) => (
    <Card withBorder padding="lg" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? <Text size="sm">{t('staff.home.numbers.none')}</Text> : null}
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={href(Number(row.key))} size="sm" lineClamp={1} lh="24px">
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
      <DataLagNotice seconds={numbers.data.lagSeconds} />
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
