import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Conversion report; the table arrives with the reports issue. */
export function ReportConversionRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.reportConversion')}</PageTitle>;
}
