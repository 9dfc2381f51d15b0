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

/** A character `JSON.stringify` writes escaped in a string: a quote, a backslash, a control character, a surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;
/** A string or null as `JSON.stringify` writes it: quoted as it is when nothing in it is escaped (nearly always). */
const text = (value: string | null) => (value === null ? 'null' : ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`); // prettier-ignore
const isText = (value: unknown) => value === null || typeof value === 'string';
const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * A click's JSON: the text `JSON.stringify(click)` makes (the same keys in the same order, an undefined field left
 * out), a third of its cost (decision 137). The date's ISO text is made once per millisecond, and the text is built
 * by concatenation, each string quoted as it is unless it holds a character JSON escapes (decision 146: half the
 * cost of `JSON.stringify` of a plain object). Its pieces die young: the journal copies the text into its slab at
 * once (decision 143), so nothing of it waits for the batch on the heap. A click of any other shape (a field
 * undefined, an id not an integer, an invalid date) is left to `JSON.stringify` itself.
 */
export function clickJson(click: BufferedClick): string {
  const at = click.createdAt;
  const ms = at instanceof Date ? at.getTime() : Number.NaN;
  if (
    Number.isNaN(ms) ||
    !isId(click.offerId) ||
    !isId(click.partnerId) ||
    typeof click.clickId !== 'string' ||
    typeof click.currency !== 'string' ||
    !isText(click.subid) ||
    !isText(click.tc1) ||
    !isText(click.tc2) ||
    !isText(click.tc3) ||
    !isText(click.tc4) ||
    !isText(click.ip) ||
    !isText(click.country) ||
    !isText(click.userAgent) ||
    !isText(click.referrer) ||
    !(click.flags === undefined || isText(click.flags)) ||
    !(click.landingPageId === undefined || click.landingPageId === null || isId(click.landingPageId))
  )
    return JSON.stringify(click);
  if (ms !== lastMs) {
    lastIso = at.toISOString();
    lastMs = ms;
  }
  let json = `{"clickId":${text(click.clickId)},"offerId":${click.offerId},"partnerId":${click.partnerId},"currency":${text(click.currency)},"subid":${text(click.subid)},"tc1":${text(click.tc1)},"tc2":${text(click.tc2)},"tc3":${text(click.tc3)},"tc4":${text(click.tc4)},"ip":${text(click.ip)},"country":${text(click.country)},"userAgent":${text(click.userAgent)},"referrer":${text(click.referrer)}`; // prettier-ignore
  if (click.flags !== undefined) json += `,"flags":${text(click.flags)}`;
  if (click.landingPageId !== undefined) json += `,"landingPageId":${click.landingPageId}`;
  return `${json},"createdAt":"${lastIso}"}`;
}
