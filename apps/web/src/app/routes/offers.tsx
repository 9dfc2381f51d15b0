import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';

/** Offer list (served at /offers and /offer); filters and the paginated table arrive with their own issue. */
export function OffersRoute() {
  const { t } = useTranslation();
  return <PageTitle>{t('screen.offers')}</PageTitle>;
}
