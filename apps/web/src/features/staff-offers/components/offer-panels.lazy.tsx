import { Stack } from '@mantine/core';
import { type StaffOfferData } from '../api/get-staff-offer';
import { OfferCaps } from './offer-caps';
import { OfferCreatives } from './offer-creatives';
import { OfferTrafficRules } from './offer-traffic-rules';
import { PayoutOverrides } from './payout-overrides';
import { ScheduledChanges } from './scheduled-changes';

/**
 * The saved offer's panels below its form (payout overrides, scheduled changes, caps, traffic rules, creatives), in a
 * chunk of their own loaded when they are about to be seen (decision 129): with them come their schemas (zod), their
 * tables and pickers.
 */
export function OfferPanels({
  offer,
  canWrite,
  canOverride,
  canCapOffer,
}: {
  offer: StaffOfferData;
  canWrite: boolean;
  canOverride: boolean;
  canCapOffer: boolean;
}) {
  const goals = offer.goals.map((g) => ({ identifier: g.goal, name: g.name }));
  return (
    <Stack gap="xl">
      <PayoutOverrides offerId={offer.id} currency={offer.currency} goals={goals} canWrite={canOverride} />
      <ScheduledChanges offerId={offer.id} currency={offer.currency} goals={goals} canWrite={canWrite} />
      <OfferCaps offerId={offer.id} currency={offer.currency} canWrite={canOverride} canCapOffer={canCapOffer} />
      <OfferTrafficRules offerId={offer.id} canWrite={canCapOffer} />
      <OfferCreatives offerId={offer.id} canWrite={canWrite} />
    </Stack>
  );
}
