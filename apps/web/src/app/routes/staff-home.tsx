import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffHome } from '@/features/staff-home/components/staff-home';

/** The staff console (decision 036): see features/staff-home. */
export function StaffHomeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffHome')}</PageTitle>
      <StaffHome />
    </>
  );
}
