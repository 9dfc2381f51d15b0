import { Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PayoutOverrides } from './payout-overrides';
import { OfferCaps } from './offer-caps';
import { OfferCreatives } from './offer-creatives';
import { OfferTrafficRules } from './offer-traffic-rules';
import { ScheduledChanges } from './scheduled-changes';
import { isApiRequestError } from '@/lib/api-client';
import { useCatalogueOptions } from '../api/get-catalogue-options';
import { useStaffOffer } from '../api/get-staff-offer';
import { EditorForm } from './editor-form';

/** The offer editor (decision 044): every field, goals with revenue beside payout, a live preview of the partner's view. */
export function OfferEditor({
  id,
  canWrite,
  canOverride = canWrite,
  canCapOffer = canWrite,
}: {
  id: number | null;
  canWrite: boolean;
  canOverride?: boolean;
  /** Administrators and team managers cap the whole offer (decision 045). */
  canCapOffer?: boolean;
}) {
  const { t } = useTranslation();
  const offer = useStaffOffer(id);
  const options = useCatalogueOptions();
  const { hash } = useLocation();
  const ready = Boolean(offer.data && options.data);
  // A link to a panel (a cap alert's '#caps', an override decision's '#overrides') shows that panel once it is drawn.
  useEffect(() => {
    if (ready && /^#[a-z-]+$/.test(hash)) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
  if ((id !== null && offer.isPending) || options.isPending) return <Loader aria-label={t('common.loading')} />;
  if (offer.isError || options.isError || !options.data) {
    return (
      <Text c="red">{isApiRequestError(offer.error, 404) ? t('staff.offers.notFound') : t('errors.generic')}</Text>
    );
  }
  return (
    <Stack gap="xl">
      <EditorForm key={id ?? 'new'} offer={offer.data ?? null} options={options.data} canWrite={canWrite} />
      {offer.data ? (
        <PayoutOverrides
          offerId={offer.data.id}
          currency={offer.data.currency}
          goals={offer.data.goals.map((g) => ({ identifier: g.goal, name: g.name }))}
          canWrite={canOverride}
        />
      ) : null}
      {offer.data ? (
        <ScheduledChanges
          offerId={offer.data.id}
          currency={offer.data.currency}
          goals={offer.data.goals.map((g) => ({ identifier: g.goal, name: g.name }))}
          canWrite={canWrite}
        />
      ) : null}
      {offer.data ? (
        <OfferCaps
          offerId={offer.data.id}
          currency={offer.data.currency}
          canWrite={canOverride}
          canCapOffer={canCapOffer}
        />
      ) : null}
      {offer.data ? <OfferTrafficRules offerId={offer.data.id} canWrite={canCapOffer} /> : null}
      {offer.data ? <OfferCreatives offerId={offer.data.id} canWrite={canWrite} /> : null}
    </Stack>
  );
}
