import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CURRENCY } from '@portal/contracts';
import { DataLagNotice } from '@/components/data-lag-notice';
import { PageTitle } from '@/components/page-title';
import { CapWarnings } from '@/features/dashboard/components/cap-warnings';
import { GlobalPerformanceBlock } from '@/features/dashboard/components/global-performance';
import { QuickStats } from '@/features/dashboard/components/quick-stats';
import { TopOffers } from '@/features/dashboard/components/top-offers';
import { TrafficChart } from '@/features/dashboard/components/traffic-chart';
import { NewsCarousel } from '@/features/news/components/news-carousel';
import { useConfig } from '@/lib/config';
import { useReportLag } from '@/lib/report-lag';

/** Home dashboard (spec section 2), in the spec's order, with the 30-day chart after Global Performance. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const config = useConfig();
  const lag = useReportLag();
  // Statistics belong to a partner: a staff user without one sees the news only.
  const partner = config.partner;
  // An empty money list is 0 in the partner's own currency.
  const currency = partner?.paymentCurrency || DEFAULT_CURRENCY;
  return (
    <Stack gap="lg">
      <PageTitle mb={0}>{t('screen.dashboard')}</PageTitle>
      {partner && <CapWarnings />}
      {partner && <DataLagNotice seconds={lag} testId="dashboard-data-lag" />}
      {partner && <QuickStats currency={currency} timezone={config.user.timezone} />}
      <NewsCarousel />
      {partner && (
        <>
          <GlobalPerformanceBlock currency={currency} />
          <TrafficChart timezone={config.user.timezone} />
          <TopOffers currency={currency} />
        </>
      )}
    </Stack>
  );
}
