import type { Offer, RevivedDates } from '@portal/contracts';

/** An offer as the web client holds it: its `…At` fields revived into dates. */
export type OfferItem = RevivedDates<Offer>;
