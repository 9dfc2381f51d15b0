import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffTraffic } from '@/features/staff-traffic/components/staff-traffic';

/** Traffic rules and blocklists (decision 083): see features/staff-traffic. */
export function StaffTrafficRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffTraffic')}</PageTitle>
      <StaffTraffic />
    </>
  );
}
