import { Box, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { DataLagNotice } from '@/components/data-lag-notice';
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
  const open = (tab: string) => void navigate(`${paths.report.href(tab)}${searchForTab(new URLSearchParams(search))}`);
  return (
    <>
      <Tabs value={current} onChange={(tab) => tab && open(tab)} mb="md">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`report-tab-${tab}`}>
              {t(`reports.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {lag ? (
        <Box mb="md">
          <DataLagNotice seconds={lag} testId="report-data-lag" />
        </Box>
      ) : null}
      <Outlet />
    </>
  );
}
