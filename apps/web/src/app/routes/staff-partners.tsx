import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffPartners } from '@/features/staff-partners/components/staff-partners';

/** Back-office: partners and their statuses, for staff (decision 026). */
export function StaffPartnersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffPartners')}</PageTitle>
      <StaffPartners />
    </>
  );
}
