import { API_PREFIX, DEFAULT_PAGE_SIZE, OFFER_GROUPS } from './constants.js';
import { imageVariantUrl } from './images.js';

/**
 * First answers in the page (decision 151): when a signed-in reader loads a screen of the web app, the server answers
 * the page with the API's answers to the requests that screen asks first (the configuration, and the screen's own
 * data for the screens below), so that they no longer wait for the app's scripts. They travel in a JSON data block
 * (`<script type="application/json" id="first-answers">`, never run, so the page's Content-Security-Policy is
 * unchanged); the web's api-client takes each one, once, in place of the request of that exact address.
 *
 * The addresses are defined here only: the server asks them; the web's tests hold that each screen's first requests
 * are exactly these (apps/web/src/lib/first-answers.test.ts), and e2e/tests/first-answers.spec.ts that the screen
 * does not ask them again.
 */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** The headers of an answer that the web reads, kept with its body (the report lag, decision 107). */
export const FIRST_ANSWER_HEADERS = ['content-type', 'x-report-data-lag-seconds'] as const;

/** One answer: its status (always 200: nothing else is put in the page), its kept headers, its body as sent. */
export type FirstAnswer = { status: number; headers: Record<string, string>; body: string };

/** The page's answers, by the request's address (path and query, as the web's api-client writes it). */
export type FirstAnswers = Record<string, FirstAnswer>;

/**
 * How long after the page started its answers may be taken (ms): a request asked later (a screen opened again
 * minutes later) goes to the server, so nothing older than the page's start is shown.
 */
export const FIRST_ANSWERS_TTL_MS = 30_000;

/** The configuration (GET /config): every screen of the app asks it first (its guarded layout, spec section 4). */
export const CONFIG_REQUEST = `${API_PREFIX}/config`;

/** The nested objects the offer screens ask for (spec section 7), one comma-separated parameter. */
export const OFFER_GROUPS_PARAM = OFFER_GROUPS.join(',');
const offerGroups = encodeURIComponent(OFFER_GROUPS_PARAM);

/** An offer's page, its id captured. */
const OFFER_PAGE = /^\/offer\/([1-9]\d{0,9})$/;
/** The request an offer's page asks for its offer. */
const offerRequest = (id: string) => `${API_PREFIX}/offer/${id}?groups=${offerGroups}`;
/** A portal address as the screens table reads it: without a trailing slash. */
const screenPath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The screens whose largest element waits for their own data, and the requests their first render asks, for the
 * screen's address without a query (a filtered or paged address asks others: only the configuration is put in).
 */
const SCREEN_FIRST_REQUESTS: readonly { path: RegExp; requests: (id: string) => readonly string[] }[] = [
  // The offers list's first page (prefetchOffers and the list, decision 144).
  {
    path: /^\/offers$/,
    requests: () => [`${API_PREFIX}/offer?page=1&count=${DEFAULT_PAGE_SIZE}&groups=${offerGroups}`],
  },
  // An offer's page.
  { path: OFFER_PAGE, requests: (id) => [offerRequest(id)] },
  // The payments: the next payment's card and the first page of billing requests.
  {
    path: /^\/payments$/,
    requests: () => [
      `${API_PREFIX}/billing-request/next-payment`,
      `${API_PREFIX}/billing-request?page=1&count=${DEFAULT_PAGE_SIZE}&sort=startingAt&order=desc`,
    ],
  },
  // The staff home: its queues (the greeting, its largest element, is drawn with them).
  { path: /^\/staff$/, requests: () => [`${API_PREFIX}/staff/home`] },
];

/** The requests whose answers the page of a portal address carries: the configuration, then the screen's own. */
export function firstRequestsOf(pathname: string): string[] {
  const path = screenPath(pathname);
  for (const screen of SCREEN_FIRST_REQUESTS) {
    const match = screen.path.exec(path);
    if (match) return [CONFIG_REQUEST, ...screen.requests(match[1] ?? '')];
  }
  return [CONFIG_REQUEST];
}

/**
 * The page's data block: the answers as JSON, where `<` is written `\u003c` so that no `</script>` (nor `<!--`) in
 * an answer can end the block early.
 */
export function firstAnswersScript(answers: FirstAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/**
 * The pictures a screen's first render draws large, read from its page's answers, so that the page names them (a
 * `<link rel="preload" as="image">` beside the answers) and the browser fetches them while the app's scripts load
 * and run, not once the screen is drawn: an offer's page, whose largest element is the offer's picture (250×250,
 * decision 158). The address is the one the screen draws, exactly as `imageVariantUrl` writes it for the screen.
 */
export function firstPicturesOf(pathname: string, answers: FirstAnswers): string[] {
  const offer = OFFER_PAGE.exec(screenPath(pathname));
  if (!offer) return [];
  const answer = answers[offerRequest(offer[1]!)];
  if (!answer) return [];
  try {
    const image: unknown = (JSON.parse(answer.body) as { data?: { image?: unknown } }).data?.image;
    // Only an address of this server's own pictures: nothing else is named in the page.
    return typeof image === 'string' && image.startsWith(`${API_PREFIX}/image/`) ? [imageVariantUrl(image, 'offer')] : []; // prettier-ignore
  } catch {
    return [];
  }
}
