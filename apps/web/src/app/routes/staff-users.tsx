import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffUsers } from '@/features/staff-users/components/staff-users';

/** The staff console (decision 037): staff users, teams and security settings; see features/staff-users. */
export function StaffUsersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffUsers')}</PageTitle>
      <StaffUsers />
    </>
  );
}
