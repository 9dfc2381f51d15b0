import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatMoneyAmounts, type MoneyAmount } from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useHomeView, useUnpinHomeView } from '../api/get-home-view';

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

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
  const lines: [string, string, string][] = totals
    ? [
        ['clicks', t('staff.reports.columns.clicks'), formatCount(totals.clicks)],
        ['conversions', t('staff.home.pinnedView.approved'), formatCount(totals.conversions)],
        ['pendingConversions', t('staff.home.pinnedView.pending'), formatCount(totals.pendingConversions)],
        ['rejectedConversions', t('staff.home.pinnedView.rejected'), formatCount(totals.rejectedConversions)],
        ['advertiserRevenue', t('staff.reports.columns.advertiserRevenue'), money(totals.advertiserRevenue)],
        ['payout', t('staff.reports.columns.payout'), money(totals.payout)],
        ['margin', t('staff.reports.columns.margin'), money(totals.margin)],
      ]
    : [];
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
          ].filter(Boolean).join(' · ')}
        </Text>
        <DataLagNotice seconds={home.data.lagSeconds} />
        {pinned.problem ? <Text c="red" size="sm" data-testid="staff-home-view-problem">{t(`staff.home.pinnedView.${pinned.problem}`)}</Text> : null}
        {lines.length > 0 ? (
          <Table variant="vertical" withRowBorders={false} data-testid="staff-home-view-totals">
            <Table.Tbody>
              {lines.map(([key, label, value]) => (
                <Table.Tr key={key}>
                  <Table.Th>{label}</Table.Th>
                  <Table.Td data-testid={`staff-home-view-${key}`}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Card>
  );
} // prettier-ignore
