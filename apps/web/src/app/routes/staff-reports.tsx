import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffReports } from '@/features/staff-reports/components/staff-reports';

/** The network reports (decision 046): see features/staff-reports. Every staff member, within its scope. */
export function StaffReportsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffReports')}</PageTitle>
      <StaffReports />
    </>
  );
}
