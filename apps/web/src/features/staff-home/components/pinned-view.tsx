import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  formatCount,
  formatMoneyAmounts,
  formatPercent,
  type MoneyAmount,
  type NetworkLeafRow,
  type NetworkPrevious,
  type NetworkReportColumn,
} from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useHomeView, useUnpinHomeView } from '../api/get-home-view';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The lines of a view that keeps no column choice (decision 114). */
const DEFAULT_LINES: NetworkReportColumn[] = ['clicks', 'conversions', 'pendingConversions', 'rejectedConversions', 'advertiserRevenue', 'payout', 'margin']; // prettier-ignore
/** The home's own names of the conversion lines; the others are the report's column names. */
const HOME_LABELS: Partial<Record<NetworkReportColumn, string>> = { conversions: 'approved', pendingConversions: 'pending', rejectedConversions: 'rejected' }; // prettier-ignore
type Compared = keyof NetworkPrevious;
const isCompared = (column: NetworkReportColumn): column is Compared =>
  column === 'clicks' || column === 'conversions' || column === 'advertiserRevenue' || column === 'payout' || column === 'margin'; // prettier-ignore

/**
 * The change from the previous period as a signed percentage ('+25,00 %'); null where none can be read: nothing
 * before, or amounts in more than one currency or in another one.
 */
function changeOf(now: number | MoneyAmount[], before: number | MoneyAmount[]): string | null {
  const single = (list: MoneyAmount[]) => (list.length === 1 ? list[0]! : list.length === 0 ? null : undefined);
  const pair = (): [number, number] | null => {
    if (typeof now === 'number' && typeof before === 'number') return [now, before];
    if (typeof now === 'number' || typeof before === 'number') return null;
    const [x, y] = [single(now), single(before)];
    if (!y || x === undefined || (x && x.currency !== y.currency)) return null;
    return [x?.amount ?? 0, y.amount];
  };
  const [a, b] = pair() ?? [0, 0];
  if (b === 0) return null;
  const ratio = (a - b) / Math.abs(b);
  return `${ratio > 0 ? '+' : ''}${formatPercent(ratio)}`;
}

/**
 * The totals of the view the reader pinned (decision 114), as its report's Totals line reads today in the reader's
 * scope: clicks, conversions approved, pending and rejected, and the three amounts, which every staff role reads in
 * the network reports (decision 046); a link opens the view. Without a pinned view, a line saying where to pin one.
 */
export function PinnedView() {
  const { t } = useTranslation();
  const home = useHomeView();
  const unpin = useUnpinHomeView();
  if (home.isError) return <Text c="red">{t('staff.home.pinnedView.loadError')}</Text>;
  if (!home.data) return null;
  const pinned = home.data.view;
  if (!pinned) {
    return (
      <Text size="sm" c="dimmed" data-testid="staff-home-view-none">
        {t('staff.home.pinnedView.none')}{' '}
        <Anchor component={Link} to={paths.staffReports.href()} size="sm" underline="always">
          {t('staff.home.pinnedView.openReports')}
        </Anchor>
      </Text>
    );
  }
  const { view, totals } = pinned;
  const money = (list: MoneyAmount[]) => formatMoneyAmounts(list, pinned.fx?.base ?? 'EUR');
  const dates = pinned.startDate && pinned.endDate ? { start: day(pinned.startDate), end: day(pinned.endDate) } : null;
  /** A line's figure as the report's Totals cell shows it; a dash where the view's report has none (refusals by country …). */
  const figure = (row: NetworkLeafRow, column: NetworkReportColumn): string => {
    const value = row[column];
    if (value === undefined) return '—';
    if (typeof value === 'number') return column === 'conversionRate' ? formatPercent(value) : formatCount(value);
    if (column === 'marginRate') return value.map((m) => `${formatPercent(m.amount)} ${m.currency}`).join(' · ');
    return money(value);
  };
  // The view's own columns (decision 117), else the fixed lines of decision 114.
  const lines = totals ? (pinned.columns ?? DEFAULT_LINES).map((column) => {
    const home = HOME_LABELS[column];
    const label = pinned.columns === null && home ? t(`staff.home.pinnedView.${home}`) : t(`staff.reports.columns.${column}`);
    // With the view's comparison, the previous period's figure and the change under the line's own.
    const before = pinned.compare && totals.previous && isCompared(column) ? totals.previous[column] : undefined;
    const was = before === undefined ? null : typeof before === 'number' ? formatCount(before) : money(before);
    const change = before === undefined ? null : changeOf(totals[column as Compared], before);
    return { column, label, value: figure(totals, column), was, change };
  }) : []; // prettier-ignore
  return (
    <Card withBorder padding="lg" data-testid="staff-home-view">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" data-testid="staff-home-view-name">
            {t('staff.home.pinnedView.title', { name: view.name })}
          </Title>
          <Group gap="sm">
            <Anchor component={Link} to={`${paths.staffReports.href()}?${view.query}`} data-testid="staff-home-view-open">
              {t('staff.home.pinnedView.open')}
            </Anchor>
            <Button
              variant="subtle"
              size="compact-sm"
              loading={unpin.isPending}
              onClick={() =>
                unpin.mutate(undefined, {
                  onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.home.pinnedView.unpinned') }),
                })
              }
              data-testid="staff-home-view-unpin"
            >
              {t('staff.home.pinnedView.unpin')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" data-testid="staff-home-view-range">
          {[
            view.mine ? null : t('staff.home.pinnedView.owner', { owner: view.owner.name }),
            dates ? (pinned.range ? t('staff.home.pinnedView.range', { range: t(`staff.reports.ranges.${pinned.range}`), ...dates }) : t('staff.home.pinnedView.days', dates)) : null,
            pinned.fx ? t('staff.home.pinnedView.inBase', { base: pinned.fx.base }) : null,
            pinned.compare && pinned.totals ? t('staff.home.pinnedView.compared') : null,
          ].filter(Boolean).join(' · ')}
        </Text>
        <DataLagNotice seconds={home.data.lagSeconds} />
        {pinned.problem ? <Text c="red" size="sm" data-testid="staff-home-view-problem">{t(`staff.home.pinnedView.${pinned.problem}`)}</Text> : null}
        {lines.length > 0 ? (
          <Table variant="vertical" withRowBorders={false} data-testid="staff-home-view-totals">
            <Table.Tbody>
              {lines.map(({ column, label, value, was, change }) => (
                <Table.Tr key={column}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td data-testid={`staff-home-view-${column}`}>{value}</Table.Td>
                  {pinned.compare ? (
                    <Table.Td data-testid={`staff-home-view-change-${column}`}>
                      {was === null ? null : (
                        <Text size="xs" c="dimmed" span>
                          {change ? t('staff.home.pinnedView.change', { change, value: was }) : t('staff.reports.previous', { value: was })}
                        </Text>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
} // prettier-ignore
