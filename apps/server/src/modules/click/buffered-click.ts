/**
 * A click as the buffer holds it until its batch is written, and as the journal keeps it meanwhile (decisions 015,
 * 053): a type of its own, so that the buffer and the journal both read it without reading each other.
 */
export type BufferedClick = {
  clickId: string;
  offerId: number;
  partnerId: number;
  /** The offer's currency: part of the rollup key. */
  currency: string;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
  ip: string | null;
  /** The visitor's country (decision 044), null when it could not be placed. */
  country: string | null;
  userAgent: string | null;
  referrer: string | null;
  /** The traffic rules that flagged it, comma-separated (decision 083); null: none. */
  flags?: string | null;
  /** The offer landing page it was sent to (`lp`, decision 117); absent or null: the offer's own URL. */
  landingPageId?: number | null;
  createdAt: Date;
};
