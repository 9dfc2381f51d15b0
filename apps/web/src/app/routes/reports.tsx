import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

const TABS = ['daily', 'subid', 'conversion', 'click'] as const;

/** The report tabs of spec section 2; each tab is its own route under /reports. */
export function ReportsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => pathname === paths.report.href(tab)) ?? null;
  return (
    <>
      <Tabs value={current} onChange={(tab) => tab && void navigate(paths.report.href(tab))} mb="md">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} data-testid={`report-tab-${tab}`}>
              {t(`reports.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
