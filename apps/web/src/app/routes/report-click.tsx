import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { ClickReport } from '@/features/reports/components/click-report';

/** Click report (spec section 2). */
export function ReportClickRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.reportClick')}</PageTitle>
      <ClickReport />
    </>
  );
}
