import { TRACKING_VALUE_MAX_LENGTH, type ClickQuery } from '@portal/contracts';

/**
 * The click query read in one pass, without the general query parser and the contract's schema, where the query is
 * plainly valid (decision 125): `offer_id` and `aff_id` as plain decimal ids, the tracking values with nothing to
 * decode. Anything else (a `%` or `+` to decode, a parameter twice, an id written any other way, an over-long value,
 * a missing id) answers null, and the caller reads the query the general way (`fast-querystring`, then
 * `ClickQuerySchema`), which decides it. So whatever this answers is exactly what that path answers for the same
 * query (`test/unit/click-query.test.ts` holds them equal), and every refusal comes from the contract.
 *
 * `url` is the request's URL and `start` the index after its `?`.
 */
export function readClickQuery(url: string, start: number): ClickQuery | null {
  let offerId = 0;
  let affId = 0;
  let lp = 0;
  let subid: string | undefined;
  let tc1: string | undefined;
  let tc2: string | undefined;
  let tc3: string | undefined;
  let tc4: string | undefined;
  const end = url.length;
  let at = start;
  while (at <= end) {
    let amp = url.indexOf('&', at);
    if (amp === -1) amp = end;
    if (amp === at) {
      at = amp + 1;
      continue; // an empty pair ('&&', a trailing '&'): the general parser skips it too
    }
    const eq = url.indexOf('=', at);
    const hasValue = eq !== -1 && eq < amp;
    const keyEnd = hasValue ? eq : amp;
    // The key's name: only the click's own parameters matter; any other is ignored unless it needs decoding (it
    // could decode to one of ours).
    const key = keyOf(url, at, keyEnd);
    if (key === UNDECODED) return null;
    if (key !== OTHER) {
      if (!hasValue) return null;
      const value = url.slice(eq + 1, amp);
      if (!plain(value)) return null;
      switch (key) {
        case OFFER_ID:
          if (offerId !== 0) return null;
          offerId = idOf(value);
          if (offerId === 0) return null;
          break;
        case AFF_ID:
          if (affId !== 0) return null;
          affId = idOf(value);
          if (affId === 0) return null;
          break;
        case LP:
          if (lp !== 0) return null;
          lp = idOf(value);
          if (lp === 0) return null;
          break;
        default: {
          if (value.length > TRACKING_VALUE_MAX_LENGTH) return null;
          if (key === SUBID) {
            if (subid !== undefined) return null;
            subid = value;
          } else if (key === TC1) {
            if (tc1 !== undefined) return null;
            tc1 = value;
          } else if (key === TC2) {
            if (tc2 !== undefined) return null;
            tc2 = value;
          } else if (key === TC3) {
            if (tc3 !== undefined) return null;
            tc3 = value;
          } else if (key === TC4) {
            if (tc4 !== undefined) return null;
            tc4 = value;
          }
        }
      }
    }
    at = amp + 1;
  }
  if (offerId === 0 || affId === 0) return null;
  // The schema's output: the ids, then each tracking value present, as zod builds it (absent keys are left out).
  const query: ClickQuery = { offer_id: offerId, aff_id: affId };
  if (subid !== undefined) query.subid = subid;
  if (tc1 !== undefined) query.tc1 = tc1;
  if (tc2 !== undefined) query.tc2 = tc2;
  if (tc3 !== undefined) query.tc3 = tc3;
  if (tc4 !== undefined) query.tc4 = tc4;
  if (lp !== 0) query.lp = lp;
  return query;
}

const OTHER = 0;
const UNDECODED = -1;
const OFFER_ID = 1;
const AFF_ID = 2;
const SUBID = 3;
const TC1 = 4;
const TC2 = 5;
const TC3 = 6;
const TC4 = 7;
const LP = 8;

/** Which of the click's parameters `url[from, to)` names, OTHER for any other, UNDECODED when it must be decoded. */
function keyOf(url: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = url.charCodeAt(i);
    if (c === 37 || c === 43) return UNDECODED; // '%', '+'
  }
  switch (to - from) {
    case 8:
      return url.startsWith('offer_id', from) ? OFFER_ID : OTHER;
    case 6:
      return url.startsWith('aff_id', from) ? AFF_ID : OTHER;
    case 5:
      return url.startsWith('subid', from) ? SUBID : OTHER;
    case 3:
      if (url.startsWith('tc', from)) {
        const n = url.charCodeAt(from + 2);
        if (n >= 49 && n <= 52) return TC1 + (n - 49); // tc1 … tc4
      }
      return OTHER;
    case 2:
      return url.startsWith('lp', from) ? LP : OTHER;
    default:
      return OTHER;
  }
}

/** A value the general parser would take as it is: printable ASCII with nothing to decode and no second '='. */
function plain(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c <= 32 || c >= 127 || c === 37 || c === 43 || c === 61) return false; // controls, space, '%', '+', '='
  }
  return true;
}

/** A positive 32-bit id written as plain decimal digits without a leading zero; 0 for anything else. */
function idOf(value: string): number {
  const length = value.length;
  if (length === 0 || length > 10) return 0;
  let n = 0;
  for (let i = 0; i < length; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9 || (i === 0 && c === 0)) return 0;
    n = n * 10 + c;
  }
  return n <= 2_147_483_647 ? n : 0;
}
