import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffApplications } from '@/features/staff-queues/components/staff-applications';

/** The staff console's queue (decision 036): see features/staff-queues. */
export function StaffApplicationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffApplications')}</PageTitle>
      <StaffApplications />
    </>
  );
}
