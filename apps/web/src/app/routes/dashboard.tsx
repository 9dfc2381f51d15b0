import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Home dashboard; quick stats, news, global performance and top offers arrive with their own issue. */
export function DashboardRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.dashboard')}</PageTitle>;
}
