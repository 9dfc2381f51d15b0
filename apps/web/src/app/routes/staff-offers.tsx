import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { useConfig } from '@/lib/config';
import { StaffOffersList } from '@/features/staff-offers/components/staff-offers-list';

const useIsAdmin = () => useConfig().roles.includes('ROLE_ADMIN');

/** The console's offers (decision 044): see features/staff-offers. Every staff member reads them, admins write. */
export function StaffOffersRoute() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  return (
    <>
      <PageTitle>{t('screen.staffOffers')}</PageTitle>
      <StaffOffersList canWrite={admin} />
    </>
  );
}
