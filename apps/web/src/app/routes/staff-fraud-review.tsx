import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { FraudReview } from '@/features/staff-conversions/components/fraud-review';

/** The fraud queue (decision 108): see features/staff-conversions. */
export function StaffFraudReviewRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffFraudReview')}</PageTitle>
      <FraudReview />
    </>
  );
}
