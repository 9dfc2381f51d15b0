import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Click report; the table arrives with the reports issue. */
export function ReportClickRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.reportClick')}</PageTitle>;
}
