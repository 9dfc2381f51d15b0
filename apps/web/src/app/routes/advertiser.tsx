import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { AdvertiserConversions } from '@/features/advertiser-portal/components/advertiser-conversions';
import { AdvertiserInvoices } from '@/features/advertiser-portal/components/advertiser-invoices';
import { AdvertiserOffers } from '@/features/advertiser-portal/components/advertiser-offers';
import { AdvertiserPostbacks } from '@/features/advertiser-portal/components/advertiser-postbacks';
import { AdvertiserScrubs } from '@/features/advertiser-portal/components/advertiser-scrubs';
import { AdvertiserSetup } from '@/features/advertiser-portal/components/advertiser-setup';

/** The advertiser portal's screens (decision 087): see features/advertiser-portal. */
function Screen({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(title)}</PageTitle>
      {children}
    </>
  );
}

export const AdvertiserConversionsRoute = () => (
  <Screen title="screen.advertiserConversions">
    <AdvertiserConversions />
  </Screen>
);
export const AdvertiserOffersRoute = () => (
  <Screen title="screen.advertiserOffers">
    <AdvertiserOffers />
  </Screen>
);
export const AdvertiserPostbacksRoute = () => (
  <Screen title="screen.advertiserPostbacks">
    <AdvertiserPostbacks />
  </Screen>
);
export const AdvertiserInvoicesRoute = () => (
  <Screen title="screen.advertiserInvoices">
    <AdvertiserInvoices />
  </Screen>
);
export const AdvertiserScrubsRoute = () => (
  <Screen title="screen.advertiserScrubs">
    <AdvertiserScrubs />
  </Screen>
);
export const AdvertiserSetupRoute = () => (
  <Screen title="screen.advertiserSetup">
    <AdvertiserSetup />
  </Screen>
);
