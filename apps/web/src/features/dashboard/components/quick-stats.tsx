import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { YTD_PAYOUT_LABEL, formatMoneyAmounts } from '@portal/contracts';
import { useQuickStats } from '../api/get-quick-stats';
import { formatCount } from '../dashboard-format';
import { BlockError, DashboardBlock, StatTile, StatTilePending } from './dashboard-block';

/** 'Quick Stats: Last 7 Days' (spec section 2): clicks, conversions, payout and the year-to-date payout. */
export function QuickStats({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const stats = useQuickStats();
  const data = stats.data;
  const labels = [
    t('dashboard.quickStats.clicks'),
    t('dashboard.quickStats.conversions'),
    t('dashboard.quickStats.payout'),
    YTD_PAYOUT_LABEL,
  ];
  return (
    <DashboardBlock title={t('dashboard.quickStats.title')} data-testid="quick-stats">
      {stats.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="quick-stats-loading" aria-busy="true">
          {labels.map((label) => (
            <StatTilePending key={label} label={label} />
          ))}
        </SimpleGrid>
      ) : !data ? (
        <BlockError>{t('errors.generic')}</BlockError>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-start-date={data.startDate} data-end-date={data.endDate}>
          <StatTile
            label={t('dashboard.quickStats.clicks')}
            value={formatCount(data.clicks)}
            data-testid="quick-stats-clicks"
          />
          <StatTile
            label={t('dashboard.quickStats.conversions')}
            value={formatCount(data.conversions)}
            data-testid="quick-stats-conversions"
          />
          <StatTile
            label={t('dashboard.quickStats.payout')}
            value={formatMoneyAmounts(data.payout, currency)}
            data-testid="quick-stats-payout"
          />
          {/* A fixed label whatever the year (spec section 2). */}
          <StatTile
            label={YTD_PAYOUT_LABEL}
            value={formatMoneyAmounts(data.ytdPayout, currency)}
            data-testid="quick-stats-ytd-payout"
          />
        </SimpleGrid>
      )}
    </DashboardBlock>
  );
}
