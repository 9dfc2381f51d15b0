import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffConversions } from '@/features/staff-conversions/components/staff-conversions';

/** The staff console (decision 036): see features/staff-conversions. */
export function StaffConversionsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffConversions')}</PageTitle>
      <StaffConversions />
    </>
  );
}
