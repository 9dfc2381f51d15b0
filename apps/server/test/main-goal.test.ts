/**
 * Decision 105 (issue 47, item 4): an offer's headline payout is its main goal's, the goal staff marked or else the
 * highest-paying, with the other goals after it; staff mark at most one public goal, audited with the goals.
 */
import {
  FORM_ERROR_TEXT,
  advertisersEndpoints,
  offersEndpoints,
  staffOffersEndpoints,
  type EndpointDefinition,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  login,
  okBody,
  type CallInput,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';

let t: TestApp;
let admin: string;
let partner: string;
let productId: number;

const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, identity: string = admin) =>
  callEndpoint(t.app, endpoint, input, identity);

const GOALS = [
  { goal: 'registration', revenueAmount: 800, payoutAmount: 650 },
  { goal: 'validation', revenueAmount: 14_000, payoutAmount: 11_500 },
  { goal: 'sale', revenuePercent: 3000, payoutPercent: 2000 },
];

async function createOffer(
  goals: CallInput<typeof staffOffersEndpoints.create>['body']['goals'],
  name: string,
): Promise<number> {
  const res = await call(staffOffersEndpoints.create, {
    body: { name, productId, conversionType: 'cpa', defaultUrl: 'https://main.example.com/?c={click_id}', goals },
  });
  expectOk(res);
  return okBody(res).data.id;
}

const seen = async (offerId: number) =>
  okBody(await call(offersEndpoints.get, { params: { id: offerId } }, partner)).data;

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createStaff(t, 'ROLE_ADMIN');
  admin = await login(t, staff.email, staff.password);
  const p = await createPartner(t);
  await setAllOffersAccess(t, p.partnerId, true);
  partner = await login(t, p.email, p.password);
  const advertiser = okBody(await call(advertisersEndpoints.create, { body: { name: 'Main Goal Ads' } })).data;
  productId = okBody(await call(advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: `main-${advertiser.id}`, type: 'web', domain: 'main.example.com' } })).data.id; // prettier-ignore
}, 120_000);
afterAll(async () => t?.close());

describe('the main goal (decision 105)', () => {
  it('heads with the highest-paying goal when none is marked, the others after it', async () => {
    const offerId = await createOffer(GOALS, 'GoalRush FTD');
    const offer = await seen(offerId);
    // 115,00 € for the validation (first deposit) beats the registration's 6,50 €; a share ranks below any amount.
    expect(offer.payout).toEqual({ goal: 'validation', amount: 11_500, percent: null, currency: 'EUR' });
    expect(offer.payouts.map((p) => [p.goal, p.main])).toEqual([
      ['validation', true],
      ['registration', false],
      ['sale', false],
    ]);
    // The list says the same as the detail, and sorts by it.
    const list = okBody(await call(offersEndpoints.list, { query: { name: 'GoalRush FTD', sortName: 'payout' } }, partner)).data; // prettier-ignore
    expect(list.list.find((o) => o.id === offerId)?.payout?.goal).toBe('validation');
  });

  it('heads with the goal staff marked, moves the mark, and shows it to staff', async () => {
    const offerId = await createOffer(
      GOALS.map((g) => ({ ...g, main: g.goal === 'registration' })),
      'Marked Main',
    );
    expect((await seen(offerId)).payouts.map((p) => [p.goal, p.main])).toEqual([
      ['registration', true],
      ['validation', false],
      ['sale', false],
    ]);
    const staffGoals = okBody(await call(staffOffersEndpoints.get, { params: { id: offerId } })).data.goals;
    expect(staffGoals.filter((g) => g.main).map((g) => g.goal)).toEqual(['registration']);

    // Moving the mark in one save never collides with the old one.
    const moved = await call(staffOffersEndpoints.update, {
      params: { id: offerId },
      body: { goals: GOALS.map((g) => ({ ...g, main: g.goal === 'sale' })) },
    });
    expectOk(moved);
    const offer = await seen(offerId);
    expect(offer.payout).toEqual({ goal: 'sale', amount: null, percent: 2000, currency: 'EUR' });
    expect(offer.payouts[0]).toMatchObject({ goal: 'sale', main: true });
  });

  it('refuses two main goals and a private one, field by field, writing nothing', async () => {
    const two = await call(staffOffersEndpoints.create, {
      body: {
        name: 'Two mains',
        productId,
        conversionType: 'cpa',
        defaultUrl: 'https://main.example.com/',
        goals: GOALS.map((g) => ({ ...g, main: g.goal !== 'sale' })),
      },
    });
    expectError(two, 400);
    expect(JSON.stringify(two.body)).toContain(FORM_ERROR_TEXT.oneMainGoal);
    const hidden = await call(staffOffersEndpoints.create, {
      body: {
        name: 'Private main',
        productId,
        conversionType: 'cpa',
        defaultUrl: 'https://main.example.com/',
        goals: [GOALS[0]!, { ...GOALS[1]!, private: true, main: true }],
      },
    });
    expectError(hidden, 400);
    expect(JSON.stringify(hidden.body)).toContain(FORM_ERROR_TEXT.mainGoalPrivate);
    const list = okBody(await call(offersEndpoints.list, { query: { name: 'mains' } }, partner)).data;
    expect(list.list).toEqual([]);
  });
});
