import { useTranslation } from 'react-i18next';
import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { BasicReport } from '@/features/reports/components/basic-report';
import { BASIC_REPORTS, DEFAULT_REPORT, paths } from '@/lib/paths';

type BasicReportName = (typeof BASIC_REPORTS)[number];

function isBasicReport(value: string | undefined): value is BasicReportName {
  return (BASIC_REPORTS as readonly (string | undefined)[]).includes(value);
}

/** An unknown report type falls back to the daily report (spec section 2). */
export function reportBasicLoader({ params }: LoaderFunctionArgs) {
  if (!isBasicReport(params.report)) throw redirect(paths.report.href(DEFAULT_REPORT));
  return { report: params.report };
}

const TITLES: Record<BasicReportName, string> = { daily: 'screen.reportDaily', subid: 'screen.reportSubid' };

/** Daily and sub-ID reports share one screen. */
export function ReportBasicRoute() {
  const { t } = useTranslation();
  const { report } = useLoaderData<typeof reportBasicLoader>();
  return (
    <>
      <PageTitle>{t(TITLES[report])}</PageTitle>
      <BasicReport key={report} type={report} />
    </>
  );
}
