import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Company, contact, payment and compliance documents; the accordions arrive with their own issue. */
export function MyAccountRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.myAccount')}</PageTitle>;
}
