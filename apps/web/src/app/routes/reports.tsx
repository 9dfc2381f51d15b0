import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DataLagNotice } from '@/components/data-lag-notice';
import { ReportTabs } from '@/features/reports/components/report-tabs';
import { searchForTab } from '@/features/reports/report-filters';
import { paths } from '@/lib/paths';
import { useReportLag } from '@/lib/report-lag';

const TABS = ['daily', 'subid', 'conversion', 'click'] as const;

/**
 * The report tabs of spec section 2; each tab is its own route under /reports. Switching tabs keeps
 * the filter (not the page): the same offer, sub-ID and dates, another cut.
 */
export function ReportsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const current = TABS.find((tab) => pathname === paths.report.href(tab)) ?? null;
  const lag = useReportLag();
  const open = (tab: (typeof TABS)[number]) =>
    void navigate(`${paths.report.href(tab)}${searchForTab(new URLSearchParams(search))}`);
  return (
    <>
      <ReportTabs tabs={TABS} value={current} label={(tab) => t(`reports.tabs.${tab}`)} onChange={open} />
      {lag ? (
        <Box mb="md">
          <DataLagNotice seconds={lag} testId="report-data-lag" />
        </Box>
      ) : null}
      <Outlet />
    </>
  );
}
