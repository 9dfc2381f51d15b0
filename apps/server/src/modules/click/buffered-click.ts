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

/** The last `createdAt` serialised, by its milliseconds: the clicks of one millisecond share its text. */
let lastMs = Number.NaN;
let lastIso = '';

/**
 * A click's JSON: the text `JSON.stringify(click)` makes (the same keys in the same order, an undefined field left
 * out), a third of its cost (decision 137). `JSON.stringify` of the click itself calls its date's `toJSON` per click;
 * here the date's ISO text is made once per millisecond and the rest is a plain object of strings, numbers and nulls,
 * which `JSON.stringify` writes on its fast path as one flat string. (A text built by `+` of its parts was cheaper
 * still to make, but kept ~300 bytes of string pieces per click alive while the click waits for its batch.)
 */
export function clickJson(click: BufferedClick): string {
  const at = click.createdAt;
  const ms = at instanceof Date ? at.getTime() : Number.NaN;
  if (Number.isNaN(ms)) return JSON.stringify(click);
  if (ms !== lastMs) {
    lastIso = at.toISOString();
    lastMs = ms;
  }
  return JSON.stringify({
    clickId: click.clickId,
    offerId: click.offerId,
    partnerId: click.partnerId,
    currency: click.currency,
    subid: click.subid,
    tc1: click.tc1,
    tc2: click.tc2,
    tc3: click.tc3,
    tc4: click.tc4,
    ip: click.ip,
    country: click.country,
    userAgent: click.userAgent,
    referrer: click.referrer,
    flags: click.flags,
    landingPageId: click.landingPageId,
    createdAt: lastIso,
  });
}
