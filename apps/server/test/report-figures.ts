import { expect } from 'vitest';
import {
  advertisersEndpoints,
  conversionReviewEndpoints,
  creativesEndpoints,
  staffOffersEndpoints,
  type MoneyAmount,
  type NetworkLeafRow,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';
import { callEndpoint, createPartner, createStaff, expectOk, login, okBody, type CallInput, type TestApp } from './helper.js'; // prettier-ignore
import { setAllOffersAccess } from './offer-fixtures.js';

/**
 * A network report row as the raw-row comparisons read it (decisions 113, 117): the counts, and the money as
 * `revenue EUR` → minor units, zeros left out.
 */
export type Figures = Pick<NetworkLeafRow, 'clicks' | 'conversions' | 'pendingConversions' | 'rejectedConversions'> & {
  money: Record<string, number>;
};

export const noFigures = (): Figures => ({
  clicks: 0,
  conversions: 0,
  pendingConversions: 0,
  rejectedConversions: 0,
  money: {},
});

/** Money as comparable figures: `payout EUR` → minor units, zeros left out. */
export function moneyOf(
  row: Pick<NetworkLeafRow, 'advertiserRevenue' | 'payout' | 'pendingRevenue' | 'pendingPayout'>,
) {
  const out: Record<string, number> = {};
  const put = (name: string, list: MoneyAmount[]) => {
    for (const m of list) if (m.amount !== 0) out[`${name} ${m.currency}`] = m.amount;
  };
  put('revenue', row.advertiserRevenue);
  put('payout', row.payout);
  put('pendingRevenue', row.pendingRevenue);
  put('pendingPayout', row.pendingPayout);
  return out;
}

export const figuresOf = (row: NetworkLeafRow): Figures => ({
  clicks: row.clicks,
  conversions: row.conversions,
  pendingConversions: row.pendingConversions,
  rejectedConversions: row.rejectedConversions,
  money: moneyOf(row),
});

/** One raw conversion added to its row, as the rollups count it by status. */
export function addConversion(
  row: Figures,
  c: { status: string; currency: string; revenue: number; payout: number },
): void {
  const add = (name: string, amount: number) => {
    if (amount !== 0) row.money[name] = (row.money[name] ?? 0) + amount;
  };
  if (c.status === 'approved') {
    row.conversions += 1;
    add(`revenue ${c.currency}`, c.revenue);
    add(`payout ${c.currency}`, c.payout);
  } else if (c.status === 'pending') {
    row.pendingConversions += 1;
    add(`pendingRevenue ${c.currency}`, c.revenue);
    add(`pendingPayout ${c.currency}`, c.payout);
  } else row.rejectedConversions += 1;
}

/** The Totals of raw rows: their sum. */
export function totalOf(rows: Map<string, Figures>): Figures {
  const total = noFigures();
  for (const r of rows.values()) {
    total.clicks += r.clicks;
    total.conversions += r.conversions;
    total.pendingConversions += r.pendingConversions;
    total.rejectedConversions += r.rejectedConversions;
    for (const [name, amount] of Object.entries(r.money)) total.money[name] = (total.money[name] ?? 0) + amount;
  }
  return total;
}

/*
 * The report tests' traffic (decisions 111, 113, 117, 123): partners, offers, clicks, postbacks and reviews, made
 * through the public surface as a network's partners and advertisers send them.
 */

/** Partners with access to every offer, each with its account manager; their ids in the order given. */
export async function reportPartners(
  t: TestApp,
  list: readonly { companyName?: string; accountManagerId: number }[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const overrides of list) {
    const partner = await createPartner(t, overrides);
    await setAllOffersAccess(t, partner.partnerId, true);
    ids.push(partner.partnerId);
  }
  return ids;
}

type OfferBody = CallInput<typeof staffOffersEndpoints.create>['body'];
/** A report test's offer: its advertiser, the advertiser's product and the offer paying on its goals. */
export type ReportOffer = { offerId: number; advertiserId: number; token: string };

/** An advertiser named `advertiser`, a web product on `domain` and the offer `name` in `currency`. */
export async function reportOffer(
  t: TestApp,
  admin: string,
  o: {
    advertiser: string;
    name: string;
    currency: OfferBody['currency'];
    goals: OfferBody['goals'];
    domain: string;
    prefix: string;
  },
): Promise<ReportOffer> {
  const advertiser = okBody(await callEndpoint(t.app, advertisersEndpoints.create, { body: { name: o.advertiser } }, admin)).data; // prettier-ignore
  const product = okBody(await callEndpoint(t.app, advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `${o.prefix}-${advertiser.id}`, type: 'web', domain: o.domain } }, admin)).data; // prettier-ignore
  const offer = okBody(await callEndpoint(t.app, staffOffersEndpoints.create, { body: { name: o.name, productId: product.id, conversionType: 'cpl', currency: o.currency, defaultUrl: `https://${o.domain}/?c={click_id}`, goals: o.goals } }, admin)).data; // prettier-ignore
  return { offerId: offer.id, advertiserId: advertiser.id, token: advertiser.securityToken };
}

/** A click through /click (with `lp`, `subid` … when given): the click id the offer's URL receives. */
export async function sendClick(
  t: TestApp,
  offerId: number,
  partnerId: number,
  extra: Record<string, string> = {},
): Promise<string> {
  // prettier-ignore
  const query = new URLSearchParams({ offer_id: String(offerId), aff_id: String(partnerId), ...extra });
  const res = await t.app.inject({ method: 'GET', url: `/click?${query}`, headers: { 'x-forwarded-for': '10.0.0.7' } }); // prettier-ignore
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('c')!;
}

/** The advertiser's postback of a click's conversion on a goal (an amount for a percentage goal): its id. */
export async function sendPostback(
  t: TestApp,
  token: string,
  clickId: string,
  goal: string,
  amount?: string,
): Promise<number> {
  // prettier-ignore
  const query = new URLSearchParams({ token, click_id: clickId, goal, ...(amount ? { amount } : {}) });
  const res = await t.app.inject({ method: 'GET', url: `/postback?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { conversionId: number }).conversionId;
}

/** A staff member's review of a conversion held for validation. */
export async function reviewConversion(
  t: TestApp,
  token: string,
  id: number,
  body: { status: 'approved' } | { status: 'rejected'; reason: 'fraud' },
): Promise<void> {
  expectOk(await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id }, body }, token));
}

/**
 * The weekly reports' network (decisions 136, 142): registration and sale goals without a floor, an admin reading in
 * UTC, another at +05:00 and finance; two partners managed by the first admin; a euro offer and a dollar offer paying
 * `goals`, each with one landing page (`pages`, decision 150). `signIn` opens the three sessions afresh (after the
 * traffic a test clock has moved weeks on).
 */
export async function weekReportSetup(
  t: TestApp,
  goals: OfferBody['goals'],
): Promise<{
  partnerIds: [number, number];
  offers: [ReportOffer, ReportOffer];
  pages: [number, number];
  signIn: () => Promise<{ utc: string; east: string; finance: string }>;
}> {
  await goalsWithoutFloor(t, ['registration', 'sale']);
  const a = await createStaff(t, 'ROLE_ADMIN');
  const b = await createStaff(t, 'ROLE_ADMIN');
  await t.database.db.update(users).set({ timezone: '+05:00' }).where(eq(users.id, b.userId));
  const f = await createStaff(t, 'ROLE_FINANCE');
  const admin = await login(t, a.email, a.password);
  const [p0, p1] = await reportPartners(t, [{ accountManagerId: a.userId }, { accountManagerId: a.userId }]);
  const o0 = await reportOffer(t, admin, { advertiser: 'Week Ads', name: 'Week Offer', currency: 'EUR', goals, domain: 'w.example.com', prefix: 'w' }); // prettier-ignore
  const o1 = await reportOffer(t, admin, { advertiser: 'Dollar Weeks', name: 'Dollar Week Offer', currency: 'USD', goals, domain: 'd.example.com', prefix: 'd' }); // prettier-ignore
  const page = async (offerId: number, domain: string) =>
    okBody(await callEndpoint(t.app, creativesEndpoints.createLandingPage, { params: { id: offerId }, body: { name: `Page of ${domain}`, url: `https://${domain}/lp?c={click_id}` } }, admin)).data.id; // prettier-ignore
  const pages: [number, number] = [await page(o0.offerId, 'w.example.com'), await page(o1.offerId, 'd.example.com')];
  const signIn = async () => ({
    utc: await login(t, a.email, a.password),
    east: await login(t, b.email, b.password),
    finance: await login(t, f.email, f.password),
  });
  return { partnerIds: [p0!, p1!], offers: [o0, o1], pages, signIn };
}
