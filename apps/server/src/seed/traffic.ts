import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ClickBuffer } from '../modules/click/index.js';
import { ClickContextCache } from '../modules/click/index.js';
import { trackClick } from '../modules/click/index.js';
import { AdvertiserTokens, acceptPostback } from '../modules/conversions/index.js';
import type { Db } from '../db/client.js';
import * as repo from './seed.repository.js';
import { seededRandom, type SeededRandom } from '../lib/seeded-random.js';

/**
 * Demo history (decision 018): 90 days of clicks and conversions for the demo partners, planned by a seeded PRNG
 * and replayed through the very code GET /click and /postback run (trackClick into a ClickBuffer, acceptPostback),
 * with the clock set to each event's past moment. Nothing lands after `now`.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The replay writes buffered clicks this often, like the server's full batches. */
const FLUSH_EVERY = 1000;

type Rng = SeededRandom;

// ---------------------------------------------------------------------------------------------------------------
// Who sends what

type Weighted<T> = readonly (readonly [T, number])[];

type PartnerProfile = {
  email: string;
  /** Clicks a day at the start of the window and at its end (a linear trend in between). */
  dailyStart: number;
  dailyEnd: number;
  /** Monday … Sunday. */
  weekday: readonly number[];
  offers: Weighted<string>;
  /** A sub-id, and from which day of the window it runs (a campaign started later). */
  subids: readonly { value: string | null; weight: number; fromDay?: number; convert: number }[];
  creatives: Record<string, readonly string[]>;
  /** Applications the demo partner holds for its traffic beyond the catalogue's (created active). */
  grants: readonly string[];
  /** Links the partner keeps sending that /click refuses (counted as rejected traffic): [offer, per day]. */
  refused: readonly (readonly [string, number])[];
  /**
   * A generator of its own (and transaction ids of its own), so that a partner added later leaves the plan of the
   * others as it was.
   */
  own?: { seed: number; tag: string };
};

const PROFILES: readonly PartnerProfile[] = [
  {
    email: 'partner@demo.test',
    dailyStart: 220,
    dailyEnd: 380,
    weekday: [1.08, 1.12, 1.1, 1.05, 0.98, 0.78, 0.7],
    offers: [
      ['Budgetly Loans – UK – Loan Application', 14],
      ['StyleHub – EU – Fashion Sales', 12],
      ['Kapital Card – FR – Card Activation', 10],
      ['StyleHub – FR – Catalogue Clicks', 10],
      ['Kapital Card – BENELUX – Application', 8],
      ['DriveSafe – DE – Car Insurance Quote', 8],
      ['BitHarbor Wallet – TIER1 – KYC Started', 8],
      ['SecureHome – BENELUX – Policy Signed', 6],
      ['GadgetDeals – DACH – Electronics Sales', 6],
      ['ShieldVPN – WW – Subscriptions', 6],
      ['Gift Card Giveaway – US – Click', 5],
      ['KetoSlim – EU – COD Order', 5],
    ],
    subids: [
      { value: 'google_search', weight: 30, convert: 1.2 },
      { value: 'fb_campaign_1', weight: 28, convert: 0.8 },
      { value: 'newsletter', weight: 14, convert: 1.5 },
      { value: 'fb_campaign_2', weight: 14, fromDay: 60, convert: 0.9 },
      { value: null, weight: 18, convert: 1 },
    ],
    creatives: {
      google_search: ['brand_kw', 'generic_kw'],
      fb_campaign_1: ['video_15s', 'carousel'],
      fb_campaign_2: ['video_15s', 'story'],
      newsletter: ['weekly', 'promo_blast'],
    },
    grants: [],
    refused: [['CoinVault – WW – Verified Trader', 1.5]],
  },
  {
    email: 'bluebird@demo.test',
    dailyStart: 40,
    dailyEnd: 52,
    weekday: [0.9, 0.92, 0.95, 1, 1.08, 1.2, 1.15],
    offers: [
      ['PixelQuest – WW – Android Install', 10],
      ['PixelQuest – EU – Level 10', 6],
      ['BitHarbor Wallet – US – iOS Install', 5],
      ['CleanMaster PC – US – Desktop Install', 3],
    ],
    subids: [
      { value: 'tiktok_ads', weight: 45, convert: 0.9 },
      { value: 'unity_ads', weight: 35, convert: 1.2 },
      { value: null, weight: 20, convert: 1 },
    ],
    creatives: { tiktok_ads: ['ugc_a', 'ugc_b'], unity_ads: ['rewarded', 'interstitial'] },
    grants: [
      'PixelQuest – WW – Android Install',
      'BitHarbor Wallet – US – iOS Install',
      'CleanMaster PC – US – Desktop Install',
    ],
    refused: [['Royal Spin – CA – FTD', 3]],
  },
  {
    email: 'kestrel@demo.test',
    dailyStart: 26,
    dailyEnd: 22,
    weekday: [1.1, 1.1, 1.05, 1.05, 1, 0.85, 0.85],
    offers: [
      ['Kapital Card – BENELUX – Application', 6],
      ['Budgetly Loans – UK – Funded Loan', 4],
      ['BitHarbor Wallet – TIER1 – KYC Started', 3],
    ],
    subids: [
      { value: 'seo_blog', weight: 60, convert: 1.1 },
      { value: 'newsletter', weight: 15, convert: 1.4 },
      { value: null, weight: 25, convert: 1 },
    ],
    creatives: { seo_blog: ['review', 'comparison'], newsletter: ['monthly'] },
    grants: [
      'Kapital Card – BENELUX – Application',
      'Budgetly Loans – UK – Funded Loan',
      'BitHarbor Wallet – TIER1 – KYC Started',
    ],
    refused: [['Kapital Card – FR – Card Activation', 0.5]],
  },
  {
    email: 'heron@demo.test',
    dailyStart: 14,
    dailyEnd: 20,
    weekday: [0.95, 0.95, 1, 1, 1.1, 1.2, 1.1],
    offers: [
      ['StyleHub – EU – Fashion Sales', 6],
      ['GadgetDeals – DACH – Electronics Sales', 3],
    ],
    subids: [
      { value: 'cashback_portal', weight: 70, convert: 1.3 },
      { value: 'newsletter', weight: 30, convert: 1.1 },
    ],
    creatives: { cashback_portal: ['tile'], newsletter: ['weekly'] },
    grants: ['StyleHub – EU – Fashion Sales', 'GadgetDeals – DACH – Electronics Sales'],
    refused: [],
    own: { seed: 7_310_052, tag: 'HRN' },
  },
];

/** Goals whose conversions the advertiser validates by hand: they stay 'pending' (decision 016). */
const MANUAL_GOALS: readonly (readonly [string, string])[] = [
  ['Kapital Card – FR – Card Activation', 'first_deposit'],
  ['SecureHome – BENELUX – Policy Signed', 'validation'],
  ['BitHarbor Wallet – TIER1 – KYC Started', 'validation'],
  ['PixelQuest – EU – Level 10', 'first_deposit'],
  ['Budgetly Loans – UK – Funded Loan', 'validation'],
];

/** Visitors' traffic by UTC hour (evening peak in Europe). */
const HOURLY = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.55, 0.8, 0.95, 1, 1.05, 1.1, 1.05, 1, 1, 1.05, 1.15, 1.3, 1.45, 1.5, 1.35,
  0.95, 0.55,
];
const HOURLY_SUM = HOURLY.reduce((a, b) => a + b, 0);

const USER_AGENTS: Weighted<string> = [
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', 30],
  ['Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/137.0 Mobile Safari/537.36', 30],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/137.0 Safari/537.36', 25],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/18.5 Safari/605.1.15', 15],
];

/** Documentation address ranges (RFC 5737): no real visitor's address in the demo. */
const IP_NETS = ['203.0.113', '198.51.100', '192.0.2'] as const;

const REFERRERS: Record<string, string> = {
  cashback_portal: 'https://heron-deals.example/cashback',
  google_search: 'https://www.google.com/',
  fb_campaign_1: 'https://www.facebook.com/',
  fb_campaign_2: 'https://m.facebook.com/',
  tiktok_ads: 'https://www.tiktok.com/',
  seo_blog: 'https://kestrel-digital.example/blog',
};

// ---------------------------------------------------------------------------------------------------------------
// The setup read from the database, and the plan (a pure function of the setup, the clock and the seed)

export type TrafficOffer = {
  id: number;
  name: string;
  conversionType: string;
  createdAt: Date;
  token: string;
  /** Goal identifier → whether its payout is a percentage of the sale. */
  goals: Map<string, { percent: boolean }>;
  /** The countries it takes: a demo visitor comes from one of them (its address is a documentation one). */
  countries: string[];
};

export type TrafficSetup = {
  partners: { id: number; profile: PartnerProfile }[];
  offers: Map<string, TrafficOffer>;
  /** Any advertiser's token, for postbacks of clicks that never existed. */
  anyToken: string;
};

export type PlannedClick = {
  at: Date;
  partnerId: number;
  offerId: number;
  /** False for a link /click is expected to refuse. */
  expected: boolean;
  subid: string | null;
  tc1: string | null;
  tc2: string | null;
  tc3: string | null;
  tc4: string | null;
  ip: string;
  /** The visitor's country: the demo's addresses are documentation ranges, which no GeoIP file places. */
  country: string | null;
  userAgent: string;
  referrer: string | null;
};

export type PlannedPostback = {
  at: Date;
  /** The click it converts, or null for a click id that never existed (then `fakeClickId`). */
  click: PlannedClick | null;
  fakeClickId?: string;
  token: string;
  goal: string;
  amount?: string;
  transactionId: string;
  /**
   * Judged by the conversion rules as the live server judges it (decision 101); the rest of the replayed history is
   * recorded as it was reported, the rules being newer than most of it.
   */
  screen?: boolean;
};

export type TrafficPlan = { clicks: PlannedClick[]; postbacks: PlannedPostback[] };

export type TrafficOptions = {
  /** The end of the window: no click or conversion is later. */
  now: Date;
  days?: number;
  /** Volume multiplier (tests use a fraction). */
  scale?: number;
  seed?: number;
};

type GoalStep = { goal: string; p: number; delayMs: (rng: Rng) => number; amount?: [number, number] };

const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * HOUR_MS;

/** The conversion funnel of an offer type: each step's probability is conditional on the previous step. */
function funnelOf(offer: TrafficOffer): GoalStep[][] {
  const has = (goal: string) => offer.goals.has(goal);
  const steps: GoalStep[][] = [];
  switch (offer.conversionType) {
    case 'cpl': {
      const chain: GoalStep[] = [{ goal: 'registration', p: 0.024, delayMs: (r) => r.exp(minutes(20)) }];
      if (has('validation')) chain.push({ goal: 'validation', p: 0.4, delayMs: (r) => r.between(hours(1), hours(72)) });
      steps.push(chain);
      if (has('lead')) steps.push([{ goal: 'lead', p: 0.004, delayMs: (r) => r.between(minutes(30), hours(24)) }]);
      break;
    }
    case 'cpa': {
      const chain: GoalStep[] = [];
      if (has('registration')) chain.push({ goal: 'registration', p: 0.02, delayMs: (r) => r.exp(minutes(15)) });
      chain.push({
        goal: 'validation',
        p: has('registration') ? 0.45 : 0.014,
        delayMs: (r) => r.between(hours(2), hours(96)),
      });
      chain.push({ goal: 'first_deposit', p: 0.5, delayMs: (r) => r.between(hours(4), hours(240)) });
      steps.push(chain);
      break;
    }
    case 'cps':
      steps.push([{ goal: 'sale', p: 0.014, delayMs: (r) => r.between(minutes(5), hours(48)), amount: [1900, 24900] }]);
      break;
    case 'cpi': {
      const chain: GoalStep[] = [{ goal: 'install', p: 0.03, delayMs: (r) => r.between(minutes(1), minutes(30)) }];
      if (has('registration')) chain.push({ goal: 'registration', p: 0.3, delayMs: (r) => r.exp(hours(6)) });
      steps.push(chain);
      break;
    }
    default:
      steps.push([{ goal: 'click', p: 0.04, delayMs: (r) => r.between(10_000, minutes(5)) }]);
  }
  return steps;
}

const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The generators and transaction ids of the partners planned on their own (`PartnerProfile.own`). */
function ownPlans(runTag: string) {
  const generators = new Map<number, SeededRandom>();
  const counters = new Map<string, number>();
  return {
    rng: (seed: number) => {
      let generator = generators.get(seed);
      if (!generator) generators.set(seed, (generator = seededRandom(seed)));
      return generator;
    },
    transaction: (tag: string) => () => {
      const next = (counters.get(tag) ?? 0) + 1;
      counters.set(tag, next);
      return `${runTag}-${tag}-${String(next).padStart(6, '0')}`;
    },
  };
}

/** Every click and postback of the window, in a deterministic order; clicks sorted by time. */
export function planTraffic(setup: TrafficSetup, options: TrafficOptions): TrafficPlan {
  const now = options.now.getTime();
  const days = options.days ?? 90;
  const scale = options.scale ?? 1;
  const rng = seededRandom(options.seed ?? 4_100_418);
  const runTag = Math.floor(now / 1000).toString(36);
  const clicksOut: PlannedClick[] = [];
  const postbacks: PlannedPostback[] = [];
  // The last two days lived through the conversion rules (decision 101): every postback is screened, and one first
  // conversion in twelve comes three to nine seconds after its click, under the goal's floor (10 s by default), so that
  // the fraud queue has something to review on a new install. Counted, not drawn: the rest of the plan is unchanged.
  const screenedFrom = now - 2 * DAY_MS;
  let firstSteps = 0;
  // Every rejection reason at any clock and scale: one main-partner first conversion in 40 fired again under a new
  // transaction id (duplicate), one click in 4,000 converted past the window (click_too_old). Counted, not drawn.
  const counted = { firstSteps: 0, clicks: 0 };
  let transaction = 0;
  const nextTransaction = () => `${runTag}-${String((transaction += 1)).padStart(6, '0')}`;
  const own = ownPlans(runTag);

  const firstHour = Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS;
  for (let hour = firstHour; hour <= now; hour += HOUR_MS) {
    const date = new Date(hour);
    const progress = (hour - firstHour) / (days * DAY_MS);
    const dayOfWindow = Math.floor((hour - firstHour) / DAY_MS);
    const weekdayIndex = (date.getUTCDay() + 6) % 7;
    const hourWeight = HOURLY[date.getUTCHours()]! / HOURLY_SUM;
    // A promotion: one day, six weeks back, brings twice the traffic.
    const promo = dayOfWindow === days - 42 ? 2 : 1;
    for (const { id: partnerId, profile } of setup.partners) {
      const r = profile.own ? own.rng(profile.own.seed) : rng;
      const nextTx = profile.own ? own.transaction(profile.own.tag) : nextTransaction;
      const daily = profile.dailyStart + (profile.dailyEnd - profile.dailyStart) * progress;
      const lambda = daily * profile.weekday[weekdayIndex]! * hourWeight * promo * scale;
      const live = profile.offers.flatMap(([name, weight]) => {
        const offer = setup.offers.get(name);
        return offer && offer.createdAt.getTime() <= hour ? [[offer, weight] as const] : [];
      });
      const subids = profile.subids.filter((s) => (s.fromDay ?? 0) <= dayOfWindow).map((s) => [s, s.weight] as const);
      // The hour under way only runs up to now; the main partner's always has a few clicks (today is never empty).
      const span = Math.min(HOUR_MS, now - hour + 1);
      const drawn = live.length > 0 ? r.poisson((lambda * span) / HOUR_MS) : 0;
      const count = span < HOUR_MS && profile === PROFILES[0] ? Math.max(3, drawn) : drawn;
      for (let i = 0; i < count; i += 1) {
        const at = hour + Math.floor(r.next() * span);
        const offer = r.pick(live);
        const source = r.pick(subids);
        const mobile = r.chance(0.62);
        const creatives = source.value ? profile.creatives[source.value] : undefined;
        const click: PlannedClick = {
          at: new Date(at),
          partnerId,
          offerId: offer.id,
          expected: true,
          subid: source.value,
          tc1: mobile ? 'mobile' : r.chance(0.9) ? 'desktop' : 'tablet',
          tc2: creatives ? creatives[r.int(0, creatives.length - 1)]! : null,
          tc3: r.chance(0.5) ? (r.chance(0.55) ? 'lp_a' : 'lp_b') : null,
          tc4: r.chance(0.08) ? 'retarget' : null,
          ip: `${IP_NETS[r.int(0, IP_NETS.length - 1)]}.${r.int(1, 254)}`,
          // Not drawn from the generator, so that adding countries left the rest of the plan as it was.
          country: offer.countries.length > 0 ? offer.countries[at % offer.countries.length]! : null,
          userAgent: r.pick(USER_AGENTS),
          referrer: source.value ? (REFERRERS[source.value] ?? null) : null,
        };
        if (at > now) continue;
        clicksOut.push(click);
        for (const chain of funnelOf(offer)) {
          let when = at;
          for (const step of chain) {
            if (!r.chance(Math.min(0.95, step.p * (chain[0] === step ? source.convert : 1)))) break;
            when += step.delayMs(r);
            // A deposit a month and more after the click: past the attribution window (click_too_old).
            if (step.goal === 'first_deposit' && r.chance(0.08)) when = at + r.between(31, 45) * DAY_MS;
            if (when > now) break;
            const screen = at >= screenedFrom;
            if (screen && chain[0] === step && firstSteps++ % 12 === 0) when = at + 3_000 + (firstSteps % 7) * 1_000;
            const percent = offer.goals.get(step.goal)?.percent ?? false;
            const postback: PlannedPostback = {
              at: new Date(when),
              click,
              token: offer.token,
              goal: step.goal,
              transactionId: nextTx(),
              ...(screen ? { screen } : {}),
            };
            if (step.amount || percent) postback.amount = money(r.int(...(step.amount ?? [1900, 9900])));
            postbacks.push(postback);
            // The advertiser's server retries (same transaction: recorded once) …
            const retryAt = when + r.int(2_000, 60_000);
            if (r.chance(0.02) && retryAt <= now) postbacks.push({ ...postback, at: new Date(retryAt) });
            // … or fires the goal again under a new transaction id (rejected: duplicate).
            const againAt = when + r.between(minutes(1), hours(12));
            const again = profile === PROFILES[0] && chain[0] === step && !screen && counted.firstSteps++ % 40 === 0;
            if ((r.chance(0.025) || again) && againAt <= now) {
              postbacks.push({ ...postback, at: new Date(againAt), transactionId: nextTx() });
            }
          }
        }
        // Integration mistakes: a goal the offer lacks, a percentage payout without the sale amount …
        const mistakeAt = at + r.between(minutes(5), hours(6));
        if (r.chance(0.003) && mistakeAt <= now) {
          const goal = offer.conversionType === 'cps' && r.chance(0.5) ? 'registration' : 'deposit';
          postbacks.push({
            at: new Date(mistakeAt),
            click,
            token: offer.token,
            goal,
            transactionId: nextTx(),
          });
        }
        // … and a conversion reported long after the attribution window (click_too_old).
        const lateAt = at + r.between(31, 40) * DAY_MS;
        const mainGoal = funnelOf(offer)[0]?.[0]?.goal;
        const late = profile === PROFILES[0] && counted.clicks++ % 4_000 === 0;
        if ((r.chance(0.001) || late) && lateAt <= now && mainGoal) {
          postbacks.push({
            at: new Date(lateAt),
            click,
            token: offer.token,
            goal: mainGoal,
            transactionId: nextTx(),
          });
        }
      }
      // Links /click refuses (an application still pending or refused, an offer the partner cannot see).
      for (const [name, perDay] of profile.refused) {
        const offer = setup.offers.get(name);
        const n = offer ? r.poisson(perDay * hourWeight * scale) : 0;
        for (let i = 0; i < n && offer; i += 1) {
          const at = hour + Math.floor(r.next() * HOUR_MS);
          if (at > now) continue;
          clicksOut.push({
            at: new Date(at),
            partnerId,
            offerId: offer.id,
            expected: false,
            subid: null,
            tc1: null,
            tc2: null,
            tc3: null,
            tc4: null,
            ip: `192.0.2.${r.int(1, 254)}`,
            country: null,
            userAgent: r.pick(USER_AGENTS),
            referrer: null,
          });
        }
      }
    }
    // Now and then a postback for a click that never existed (unknown_click).
    const strayAt = hour + Math.floor(rng.next() * HOUR_MS);
    if (rng.chance(0.02 * scale) && strayAt <= now) {
      postbacks.push({
        at: new Date(strayAt),
        click: null,
        fakeClickId: `unknown-${rng.int(100_000, 999_999)}`,
        token: setup.anyToken,
        goal: 'registration',
        transactionId: nextTransaction(),
      });
    }
  }
  const byTime = (a: { at: Date }, b: { at: Date }) => a.at.getTime() - b.at.getTime();
  return { clicks: clicksOut.sort(byTime), postbacks: postbacks.sort(byTime) };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the demo network, and replaying the plan through the tracking engine

/** The demo partners and the offers their traffic goes to, from the seeded database. */
export async function loadTrafficSetup(db: Db): Promise<TrafficSetup> {
  const partnerRows = await repo.partnerIdsByEmail(
    db,
    PROFILES.map((p) => p.email),
  );
  const found = PROFILES.flatMap((profile) => {
    const row = partnerRows.find((r) => r.email === profile.email);
    return row ? [{ id: row.id, profile }] : [];
  });
  if (found.length === 0) throw new Error('traffic: the demo partners are not seeded (SEED_DEMO on an empty database)');
  const names = [
    ...new Set(
      PROFILES.flatMap((p) => [...p.offers.map(([name]) => name), ...p.grants, ...p.refused.map(([name]) => name)]),
    ),
  ];
  const offerRows = await repo.trafficOffers(db, names);
  const goalRows = offerRows.length
    ? await repo.goalsOfOffers(
        db,
        offerRows.map((o) => o.id),
      )
    : [];
  const countryRows = offerRows.length
    ? await repo.countriesOfOffers(
        db,
        offerRows.map((o) => o.id),
      )
    : [];
  const countryMap = new Map<number, string[]>();
  for (const c of countryRows) countryMap.set(c.offerId, [...(countryMap.get(c.offerId) ?? []), c.isoCode]);
  const offerMap = new Map<string, TrafficOffer>();
  for (const row of offerRows) {
    const goalMap = new Map(
      goalRows.filter((g) => g.offerId === row.id).map((g) => [g.goal, { percent: g.percent !== null }] as const),
    );
    offerMap.set(row.name, { ...row, goals: goalMap, countries: countryMap.get(row.id) ?? [] });
  }
  const anyToken = await repo.anyAdvertiserToken(db);
  return { partners: found, offers: offerMap, anyToken: anyToken ?? '' };
}

/**
 * What the demo traffic needs beyond the catalogue: the other partners' active applications to the offers they
 * run, and the goals their advertisers validate by hand. Idempotent.
 */
async function grantDemoRights(db: Db, setup: TrafficSetup, now: Date): Promise<void> {
  const grants = setup.partners.flatMap(({ id, profile }) =>
    profile.grants.flatMap((name) => {
      const offer = setup.offers.get(name);
      return offer
        ? [{ partnerId: id, offerId: offer.id, status: 'active', createdAt: new Date(now.getTime() - 120 * DAY_MS) }]
        : [];
    }),
  );
  if (grants.length > 0) await repo.insertApplications(db, grants, { ignoreExisting: true });
  for (const [name, goal] of MANUAL_GOALS) {
    const offer = setup.offers.get(name);
    if (!offer) continue;
    await repo.setManualValidation(db, offer.id, goal);
  }
}

export type TrafficSummary = {
  clicks: number;
  /** Links /click refused as planned (rejected traffic). */
  refused: number;
  /** Planned clicks whose outcome was not the planned one (0 unless the catalogue changed). */
  unexpected: number;
  postbacks: number;
  /** Postbacks that repeated a recorded transaction: nothing new written. */
  retries: number;
  conversions: { approved: number; pending: number; rejected: number };
  reasons: Record<string, number>;
  ms: number;
};

export type SeedTrafficOptions = TrafficOptions & {
  /** Add traffic even when the demo partners already have clicks. */
  force?: boolean;
  logger?: FastifyBaseLogger;
};

/**
 * Plans the demo traffic and replays it through GET /click's and /postback's code with a past clock. Answers
 * null, doing nothing, when the demo partners already have clicks (unless forced).
 */
export async function seedTraffic(db: Db, options: SeedTrafficOptions): Promise<TrafficSummary | null> {
  const started = Date.now();
  const setup = await loadTrafficSetup(db);
  if (!options.force) {
    const ids = setup.partners.map((p) => p.id);
    if ((await repo.clickCountOf(db, ids)) > 0) return null;
  }
  const plan = planTraffic(setup, options);
  // One transaction around the whole replay: the tracking code's own transactions become savepoints, nothing is
  // synced to disk per postback, and a failed seed leaves no half history (decision 018).
  const summary = await db.transaction(async (tx) => {
    await grantDemoRights(tx, setup, options.now);
    return replay(tx, plan, options.logger ?? pino({ level: 'warn' }));
  });
  summary.ms = Date.now() - started;
  return summary;
}

/** Sends the plan through trackClick and acceptPostback, in time order, and tallies the answers. */
async function replay(db: Db, plan: TrafficPlan, logger: FastifyBaseLogger): Promise<TrafficSummary> {
  // Batches are written when this code says so (every FLUSH_EVERY clicks), never by a timer or in the
  // background: one statement at a time on the transaction.
  const buffer = new ClickBuffer(db, { logger, maxBatch: 2 * FLUSH_EVERY });
  const engine = {
    db,
    buffer,
    contexts: new ClickContextCache(db, () => Date.now()),
    tokens: new AdvertiserTokens(db),
  };
  const summary: TrafficSummary = {
    clicks: 0,
    refused: 0,
    unexpected: 0,
    postbacks: 0,
    retries: 0,
    conversions: { approved: 0, pending: 0, rejected: 0 },
    reasons: {},
    ms: 0,
  };

  const clickIds = new Map<PlannedClick, string>();
  const sendClick = async (click: PlannedClick) => {
    const query = {
      offer_id: click.offerId,
      aff_id: click.partnerId,
      ...(click.subid ? { subid: click.subid } : {}),
      ...(click.tc1 ? { tc1: click.tc1 } : {}),
      ...(click.tc2 ? { tc2: click.tc2 } : {}),
      ...(click.tc3 ? { tc3: click.tc3 } : {}),
      ...(click.tc4 ? { tc4: click.tc4 } : {}),
    };
    const visitor = { ip: click.ip, country: click.country, userAgent: click.userAgent, referrer: click.referrer };
    const outcome = await trackClick(engine, query, visitor, click.at);
    if (outcome.ok) {
      clickIds.set(click, outcome.clickId);
      summary.clicks += 1;
    } else summary.refused += 1;
    if (outcome.ok !== click.expected) summary.unexpected += 1;
    if (buffer.size >= FLUSH_EVERY) await buffer.flush();
  };
  const sendPostback = async (postback: PlannedPostback) => {
    const clickId = postback.click ? clickIds.get(postback.click) : postback.fakeClickId;
    if (!clickId) return;
    const fields = {
      click_id: clickId,
      goal: postback.goal,
      transaction_id: postback.transactionId,
      token: postback.token,
      ...(postback.amount ? { amount: postback.amount } : {}),
    };
    // Replayed history: the partners' own postbacks are not told of conversions weeks old.
    const result = await acceptPostback(engine, fields, postback.at, {
      notifyPartner: false,
      screen: postback.screen === true,
    });
    summary.postbacks += 1;
    if (result.duplicate) {
      summary.retries += 1;
      return;
    }
    summary.conversions[result.status] += 1;
    if (result.reason) summary.reasons[result.reason] = (summary.reasons[result.reason] ?? 0) + 1;
  };

  // One timeline, as the server would have lived it: a postback shortly after its click finds it still buffered.
  let p = 0;
  for (const click of plan.clicks) {
    while (p < plan.postbacks.length && plan.postbacks[p]!.at < click.at) await sendPostback(plan.postbacks[p++]!);
    await sendClick(click);
  }
  while (p < plan.postbacks.length) await sendPostback(plan.postbacks[p++]!);
  await buffer.flush();
  return summary;
}
