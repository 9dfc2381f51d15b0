import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { ClickReport } from '@/features/reports/components/click-report';
import { RefusedTraffic } from '@/features/reports/components/refused-traffic';

/** Click report (spec section 2), and under it the clicks /click refused in the same range (decision 024). */
export function ReportClickRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.reportClick')}</PageTitle>
      <Stack gap="md">
        <ClickReport />
        <RefusedTraffic />
      </Stack>
    </>
  );
}
