/**
 * What each path and query parameter of the API means, said once per name (decision 075): the same name means the
 * same thing on every operation that takes it (`page`, `startDate`, `tc1` …). A parameter whose schema carries its own
 * description keeps it; a name used in two senses is keyed by `in:name` or by `METHOD path name`, the most precise
 * key winning. A parameter the table does not know fails the document's test, so a new one is described when added.
 */
const DATE = 'A day, yyyy-MM-dd.';
const TRACKING_VALUE = (n: number) =>
  `The partner's tracking value tc${n} as the click carried it (exact match; its own sub-ID column in the reports).`;

const BY_NAME: Record<string, string> = {
  'query:page': 'The page to read, from 1.',
  'query:count': 'How many rows a page holds.',
  'query:startDate': `The first day of the period, inclusive, in the reader's time zone. ${DATE}`,
  'query:endDate': `The last day of the period, inclusive, in the reader's time zone. ${DATE}`,
  'query:from': `The first day (or moment) of the period, inclusive, in the reader's time zone. ${DATE}`,
  'query:to': `The last day (or moment) of the period, inclusive, in the reader's time zone. ${DATE}`,
  'query:status': 'Only the rows in this status (or one of these statuses).',
  'query:offerId': 'Only the rows of this offer (its id).',
  'query:partnerId': 'Only the rows of this partner (its id).',
  'query:advertiserId': 'Only the rows of this advertiser (its id).',
  'query:accountManagerId': 'Only the partners this staff user manages (its id).',
  'query:managerId': 'Only the partners these account managers manage (their ids).',
  'query:actorId': 'Only what this staff user did (its id).',
  'query:accountType': 'Only the partners of this account type.',
  'query:subid': "The partner's sub-ID as the click carried it (exact match).",
  'query:tc1': TRACKING_VALUE(1),
  'query:tc2': TRACKING_VALUE(2),
  'query:tc3': TRACKING_VALUE(3),
  'query:tc4': TRACKING_VALUE(4),
  'query:currency': 'Only the rows in this currency (ISO 4217, three capital letters).',
  'query:country': 'Only the traffic from this country (ISO 3166-1 alpha-2), or these countries.',
  'query:landingPageId':
    "Only the clicks sent to this offer landing page (its id; 0: the offer's own URL; -1: counted before it was kept), or these, and their conversions.",
  'query:countries': 'Only the offers open to one of these countries (ISO 3166-1 alpha-2).',
  'query:goal': "The goal's code, as the advertiser sends it.",
  'query:order': 'The sort direction: asc or desc.',
  'query:sort': 'The column the rows are sorted on.',
  'query:sortName': 'The column the rows are sorted on.',
  'query:sortOrder': 'The sort direction: asc or desc.',
  'query:q': 'Words to look for: a name, an id, an e-mail, a transaction or click id, as the list says.',
  'query:month': 'A calendar month, yyyy-MM (Paris time, as billing counts it).',
  'query:name': 'Only the offers whose name contains this text.',
  'query:reason': 'Why: a reason code of the list the operation gives.',
  'query:olderThanDays': 'Only the conversions recorded at least this many days ago.',
  'query:overdue': 'true: only the invoices unpaid past their due day.',
  'query:compare':
    '`previous`: each row and the totals also carry the figures of the period of the same length just before.',
  'query:then':
    'A second breakdown nested in each row (its `children`): not the breakdown itself, not two periods of time nor two sub-ID or tracker keys.',
  'query:range': "A quick range in the viewer's time zone; when given, it wins over the dates.",
  'query:groupBy':
    'What the rows are grouped on: the sub-ID, one of the tracking values, the offer, the day or the country.',
  'query:groups':
    'Which nested objects to include, as a comma-separated list (or repeated): the names the operation lists.',
  'query:changed':
    'true: only the conversions changed after the fact (reversed or adjusted), whatever day they were recorded on.',
  'query:changedFrom': `Only the conversions changed on or after this day, in the reader's time zone. ${DATE}`,
  'query:changedTo': `Only the conversions changed on or before this day, in the reader's time zone. ${DATE}`,
  'query:find': "A click id or an advertiser's transaction id, matched exactly; without dates, every date is searched.",
  'query:deferred':
    'true: only the requests carried over to the next month (under the payment threshold, or nothing after corrections).',
  'query:dueBefore': `Only the invoices due on or before this day. ${DATE}`,
  'query:held': 'true: only the invoices held after a change of the partner’s bank details.',
  'query:paymentMethod': 'Only the invoices of partners paid by this method.',
  'query:sepa': 'true: only the invoices a SEPA batch can pay; false: the ones to pay by hand.',
  'query:documents': '`missing`: only the partners missing a required compliance document.',
  'query:expired': 'true: only the documents past their expiry day; false: only the ones still valid.',
  'query:type': 'Only the compliance documents of this type.',
  'query:state': 'Only the news in this state: draft, scheduled or published.',
  'query:kind': 'Only the blocklist entries of this kind.',
  'query:outcome': 'Only the postbacks with this outcome.',
  'query:entityType': 'Only the entries about this kind of record.',
  'query:entityId': 'Only the entries about this record (its id, with entityType).',
  'query:partnerStatus': "Only the offers in this state for the reader: its application's status, or public.",
  'query:conversionType': 'Only the offers paid on this conversion type.',
  'query:requireApproval': 'true: only the offers a partner must apply for; false: only the open ones.',
  'query:verticals': 'Only the offers of these verticals (their ids or names).',
  'query:date': 'The period: today, the last 7 days, the last 30 days or the last 12 months.',
  'query:transactionId': "Only the conversion with this advertiser's transaction id.",
  // The tracking endpoints: the names advertisers and partners put in their URLs.
  'query:aff_id': 'The partner’s id.',
  'query:offer_id': 'The offer’s id.',
  'query:lp': "One of the offer's landing pages (its id): the click lands there instead of the offer's URL.",
  'query:click_id': 'The click id the network gave the advertiser’s landing page.',
  'query:transaction_id': "The advertiser's own id of the conversion: a second conversion with it is a duplicate.",
  'query:amount': 'The sale amount in major units with a dot (12.50), in the offer’s currency unless `currency` says.',
  'query:token': "The advertiser's postback token (when the network requires one).",
  'query:ip': 'The visitor’s address at conversion (v4 or v6), as the advertiser saw it.',
  'query:v': 'The tag’s version: with it the script is cached for a year, without it for an hour.',
  'query:w': 'The width in pixels, one of the served sizes (with h).',
  'query:h': 'The height in pixels, one of the served sizes (with w).',
  'query:c': 'c=1 crops to cover w×h; c=0 (the default) fits inside.',
  'query:expires': 'When the signed link ends, in seconds since 1970 (UTC).',
  'query:signature': 'The link’s signature (base64url HMAC of the file and the expiry).',
  'path:id': 'The id of the record the path names.',
  'path:childId': 'The id of the creative or landing page, within the offer.',
  'path:overrideId': 'The id of the payout override, within the offer.',
  'path:blockId': 'The id of the sub-ID block, within the offer.',
  'path:deliveryId': 'The id of the postback delivery (a UUID).',
  'path:changeId': 'The id of the scheduled change, within the offer.',
  'path:userId': "The id of the advertiser's user, within the advertiser.",
  'query:disposition':
    '`inline`: a PDF or a picture shown in the browser (sandboxed); `attachment` (the default): downloaded as a file.',
  'path:key': 'The key from the e-mailed link.',
  'path:breakdown':
    'What the rows are: one per day, partner, offer, advertiser, manager, country, hour, week, landing page …',
  'path:type': 'Which report to export: daily, subid, conversion or click.',
  'path:filter':
    'Which filter of the network reports to list options for: partnerId, offerId, advertiserId, managerId or goal.',
  'query:value':
    'Values to name (repeatable): ids or goal codes from an address, answered by name when the reader reaches them.',
};

/** One operation's own sense of a name, where the shared one would mislead. */
const BY_OPERATION: Record<string, string> = {
  'get /postback reason': "Why the advertiser reverses the conversion, in its words (shown to the partner's staff).",
  'post /postback reason': "Why the advertiser reverses the conversion, in its words (shown to the partner's staff).",
  'get /api/v1/staff/conversions reason': 'Only the conversions refused or declined for this reason.',
  'get /api/v1/staff/conversions/export reason': 'Only the conversions refused or declined for this reason.',
  'get /api/v1/staff/audit-log from': 'The first moment, inclusive (an ISO 8601 date-time with its offset).',
  'get /api/v1/staff/audit-log to': 'The last moment, inclusive (an ISO 8601 date-time with its offset).',
  'get /api/v1/staff/audit-log partnerId': 'Only the entries about this partner or its records (its id).',
  'get /api/v1/staff/blocklists partnerId': 'Only the entries that apply to this partner (its id).',
  'get /api/v1/staff/blocklists offerId': 'Only the entries that apply to this offer (its id).',
  'get /pixel.gif goal': "The goal's code, as set up on the offer (the default goal when absent).",
  'get /pixel.html goal': "The goal's code, as set up on the offer (the default goal when absent).",
  'post /pixel/conversion goal': "The goal's code, as set up on the offer (the default goal when absent).",
};

/** The resource a path's `{id}` names: `/staff/offers/{id}/…` → 'offer'. */
function resourceOf(path: string): string | null {
  const segments = path.split('/');
  const at = segments.indexOf('{id}');
  if (at < 1) return null;
  const word = segments[at - 1]!.replace(/-/g, ' ');
  const named: Record<string, string> = { news: 'news item', 'api keys': 'API key', blocklists: 'blocklist entry' };
  if (named[word]) return named[word];
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ses')) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

type Parameter = { name: string; in: string; description?: string; schema?: { description?: string } };

/** The description of one parameter of `method path`, or undefined when the table does not know it. */
export function parameterText(method: string, path: string, parameter: Parameter): string | undefined {
  const own = parameter.description ?? parameter.schema?.description;
  if (own) return own;
  const operation = BY_OPERATION[`${method} ${path} ${parameter.name}`];
  if (operation) return operation;
  if (parameter.in === 'path' && parameter.name === 'id') {
    const resource = resourceOf(path);
    if (resource) return `The ${resource}'s id.`;
  }
  return BY_NAME[`${parameter.in}:${parameter.name}`];
}

/** Every parameter of the document said in words (those the table does not know are left for the test to name). */
export function describeParameters(paths: Record<string, Record<string, { parameters?: Parameter[] }>>): void {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const parameter of operation.parameters ?? []) {
        const text = parameterText(method, path, parameter);
        if (text && !parameter.description) parameter.description = text;
      }
    }
  }
}
