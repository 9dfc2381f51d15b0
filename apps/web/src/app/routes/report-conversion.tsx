import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { ConversionReport } from '@/features/reports/components/conversion-report';

/** Conversion report (spec section 2). */
export function ReportConversionRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.reportConversion')}</PageTitle>
      <ConversionReport />
    </>
  );
}
