import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffBilling } from '@/features/staff-billing/components/staff-billing';

/** Back-office: the monthly billing run, for admins (decision 027). */
export function StaffBillingRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffBilling')}</PageTitle>
      <StaffBilling />
    </>
  );
}
