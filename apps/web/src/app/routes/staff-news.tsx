import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { StaffNews } from '@/features/staff-news/components/staff-news';

/** The console's news (decision 042): see features/staff-news. */
export function StaffNewsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.staffNews')}</PageTitle>
      <StaffNews />
    </>
  );
}
