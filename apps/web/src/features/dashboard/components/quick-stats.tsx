import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { formatMoneyAmounts, formatMoneyMinor, ytdPayoutLabel } from '@portal/contracts';
import { useQuickStats } from '../api/get-quick-stats';
import { formatCount } from '../dashboard-format';
import { BlockError, DashboardBlock, StatTile, StatTilePending } from './dashboard-block';

/** 'Quick Stats: Last 7 Days' (spec section 2): clicks, conversions, payout and the year-to-date payout. */
export function QuickStats({ currency, timezone }: { currency: string; timezone?: string | null }) {
  const { t } = useTranslation();
  const [ytdLabel] = useState(() => ytdPayoutLabel(new Date(), timezone));
  const stats = useQuickStats();
  const data = stats.data;
  type Figures = NonNullable<typeof data>;
  const tiles: Array<{ label: string; value: (f: Figures) => string; hint?: (f: Figures) => string; testId: string }> =
    [
      { label: t('dashboard.quickStats.clicks'), value: (f) => formatCount(f.clicks), testId: 'quick-stats-clicks' },
      {
        label: t('dashboard.quickStats.conversions'),
        value: (f) => formatCount(f.conversions),
        // Approved only; pending and rejected ones said apart (decision 110).
        hint: (f) =>
          f.pending || f.rejected
            ? t('dashboard.quickStats.pendingConversions', {
                pending: formatCount(f.pending ?? 0),
                rejected: formatCount(f.rejected ?? 0),
              })
            : '',
        testId: 'quick-stats-conversions',
      },
      {
        label: t('dashboard.quickStats.payout'),
        value: (f) => formatMoneyAmounts(f.payout, currency),
        // Approved only; what waits for the advertiser is said apart, never added (decision 091).
        // The payout in the payment currency at each day's rate, when the network has rates (decision 112).
        hint: (f) =>
          [
            (f.pendingPayout ?? []).length > 0
              ? t('dashboard.quickStats.pendingPayout', { amount: formatMoneyAmounts(f.pendingPayout, currency) })
              : '',
            f.converted
              ? t('dashboard.quickStats.converted', {
                  amount: formatMoneyMinor(f.converted.payout, f.converted.currency),
                })
              : '',
          ]
            .filter(Boolean)
            .join(' · '),
        testId: 'quick-stats-payout',
      },
      // The spec's label in its form, with the year the figure covers (spec section 2).
      {
        label: ytdLabel,
        value: (f) => formatMoneyAmounts(f.ytdPayout, currency),
        testId: 'quick-stats-ytd-payout',
      },
    ];
  return (
    <DashboardBlock title={t('dashboard.quickStats.title')} data-testid="quick-stats">
      {stats.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="quick-stats-loading" aria-busy="true">
          {tiles.map((tile) => (
            <StatTilePending key={tile.testId} label={tile.label} />
          ))}
        </SimpleGrid>
      ) : !data ? (
        <BlockError>{t('errors.generic')}</BlockError>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-start-date={data.startDate} data-end-date={data.endDate}>
          {tiles.map((tile) => (
            <StatTile
              key={tile.testId}
              label={tile.label}
              value={tile.value(data)}
              hint={tile.hint?.(data)}
              data-testid={tile.testId}
            />
          ))}
        </SimpleGrid>
      )}
    </DashboardBlock>
  );
}
