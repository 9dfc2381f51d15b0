import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { OfferList } from '@/features/offers/components/offer-list';

/** Offer list, served at /offers and /offer (spec section 2). */
export function OffersRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('screen.offers')}</PageTitle>
      <OfferList />
    </>
  );
}
