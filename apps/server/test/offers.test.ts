import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_TYPES, offersEndpoints } from '@portal/contracts';
import { VERTICALS } from '../src/seed/reference.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createApplication, createOffers, setAllOffersAccess, verticalIds, type OfferSpec } from './offer-fixtures.js';

/**
 * A generated catalogue of 66 offers and a model of it in plain JavaScript: every answer of
 * GET /offer is compared with what the model says the partner should get.
 */
const ADJECTIVES = [
  'amber',
  'bright',
  'cobalt',
  'dusky',
  'ember',
  'frosty',
  'golden',
  'hazel',
  'ivory',
  'jade',
  'khaki',
];
const NOUNS = ['fox', 'lynx', 'otter', 'heron', 'falcon', 'bison'];
const COUNTRY_POOL = ['FR', 'DE', 'ES', 'IT', 'GB', 'US', 'CA', 'BE', 'NL', 'PT', 'PL', 'BR'];
const VERTICAL_IDS = VERTICALS.map(([identifier]) => identifier);
const DAY = 24 * 3600 * 1000;
const BASE_DATE = Date.UTC(2025, 0, 1);

type Model = OfferSpec & {
  id: number;
  payout: { goal: string; amount: number | null; percent: number | null } | null;
};

function specOf(i: number): OfferSpec {
  const adjective = ADJECTIVES[i % ADJECTIVES.length]!;
  const noun = NOUNS[Math.floor(i / ADJECTIVES.length)]!;
  const name = adjective[0]!.toUpperCase() + adjective.slice(1) + noun;
  const verticals = [...new Set([VERTICAL_IDS[i % 15]!, VERTICAL_IDS[(i * 7 + 3) % 15]!])];
  const start = i % COUNTRY_POOL.length;
  const countries = Array.from({ length: 1 + (i % 6) }, (_, k) => COUNTRY_POOL[(start + k) % COUNTRY_POOL.length]!);
  const goals: OfferSpec['goals'] = [];
  if (i % 10 === 9) {
    goals.push({ goal: 'sale', p1: { percent: 1500 } });
  } else if (i % 9 === 4) {
    goals.push({ goal: 'validation', p1: { amount: 500 + i * 10 } });
  } else if (i % 7 === 3) {
    goals.push({ goal: 'registration', p1: { percent: 1000 + i * 10 } });
  } else {
    goals.push({ goal: 'registration', p1: { amount: 100 + ((i * 53) % 50) * 10 }, p2: { amount: 2000 + i } });
    goals.push({ goal: 'validation', p1: { amount: 9000 + i } });
  }
  return {
    name,
    conversionType: CONVERSION_TYPES[i % CONVERSION_TYPES.length]!,
    currency: i % 4 === 0 ? 'USD' : 'EUR',
    countries,
    verticals,
    goals,
    requireApproval: i % 3 === 0,
    private: i % 11 === 5,
    enabled: i % 13 !== 7,
    createdAt: new Date(BASE_DATE + ((i * 37) % 66) * DAY),
  };
}

/**
 * The headline payout: the main goal's first tier (decision 105). No goal is marked here, so the main goal is the
 * highest-paying: the largest fixed amount; without one, the largest share; the earlier goal on a tie.
 */
function payoutOf(spec: OfferSpec): Model['payout'] {
  const tiers = (spec.goals ?? []).filter((g) => !g.private && g.p1).map((g) => ({ goal: g.goal, amount: g.p1!.amount ?? null, percent: g.p1!.percent ?? null })); // prettier-ignore
  const fixed = tiers.filter((g) => g.amount !== null);
  const pool = fixed.length > 0 ? fixed : tiers;
  let best: (typeof tiers)[number] | undefined;
  for (const g of pool) if (!best || (g.amount ?? g.percent ?? 0) > (best.amount ?? best.percent ?? 0)) best = g;
  return best ?? null;
}

type Access = { all: boolean; applications: Map<number, string> };

const visible = (offer: Model, access: Access) => {
  const status = access.applications.get(offer.id);
  return offer.enabled !== false && (status === 'active' || (!offer.private && (access.all || status !== undefined)));
};

let t: TestApp;
let catalogue: Model[];
let verticalId: Map<string, number>;
let tokenA: string;
let tokenB: string;
let tokenC: string;
const accessA: Access = { all: true, applications: new Map() };
const accessB: Access = { all: true, applications: new Map() };
const accessC: Access = { all: false, applications: new Map() };

beforeAll(async () => {
  t = await buildTestApp();
  const specs = Array.from({ length: 66 }, (_, i) => specOf(i));
  const ids = await createOffers(t, specs);
  catalogue = specs.map((spec, i) => ({ ...spec, id: ids[i]!, payout: payoutOf(spec) }));
  verticalId = await verticalIds(t, VERTICAL_IDS);

  const [a, b, c] = [await createPartner(t), await createPartner(t), await createPartner(t)];
  const privates = catalogue.filter((o) => o.private && o.enabled !== false);
  const disabled = catalogue.filter((o) => o.enabled === false);
  const approval = catalogue.filter((o) => o.requireApproval && !o.private && o.enabled !== false);
  const plain = catalogue.filter((o) => !o.requireApproval && !o.private && o.enabled !== false);
  const apply = async (partnerId: number, access: Access, offer: Model, status: 'pending' | 'active' | 'refused') => {
    await createApplication(t, partnerId, offer.id, status);
    access.applications.set(offer.id, status);
  };
  await apply(a.partnerId, accessA, privates[0]!, 'active');
  await apply(a.partnerId, accessA, privates[1]!, 'pending');
  await apply(a.partnerId, accessA, approval[0]!, 'pending');
  await apply(a.partnerId, accessA, approval[1]!, 'refused');
  await apply(a.partnerId, accessA, disabled[0]!, 'active');
  await setAllOffersAccess(t, c.partnerId, false);
  await apply(c.partnerId, accessC, approval[2]!, 'pending');
  await apply(c.partnerId, accessC, approval[3]!, 'refused');
  await apply(c.partnerId, accessC, plain[0]!, 'active');
  await apply(c.partnerId, accessC, privates[0]!, 'active');
  await apply(c.partnerId, accessC, privates[1]!, 'pending');
  await apply(c.partnerId, accessC, disabled[0]!, 'active');
  [tokenA, tokenB, tokenC] = [
    await login(t, a.email, a.password),
    await login(t, b.email, b.password),
    await login(t, c.email, c.password),
  ];
});
afterAll(async () => t?.close());

type ListQuery = CallInput<typeof offersEndpoints.list>['query'];

async function list(token: string, query: ListQuery) {
  const body = okBody(await callEndpoint(t.app, offersEndpoints.list, { query }, token));
  expect(body.total).toBe(body.data.total);
  return body.data;
}

/** GET /offer/{id}; `id` may be malformed on purpose (the route must answer 400). */
const detail = (
  token: string | null,
  id: number | string,
  query: CallInput<typeof offersEndpoints.get>['query'] = {},
) =>
  callEndpoint(t.app, offersEndpoints.get, { params: { id: typeof id === 'number' ? id : invalid(id) }, query }, token);

const ids = (offers: { id: number }[]) => offers.map((o) => o.id);
const sortedIds = (offers: { id: number }[]) => ids(offers).sort((x, y) => x - y);
const expected = (access: Access, predicate: (o: Model) => boolean = () => true) =>
  sortedIds(catalogue.filter((o) => visible(o, access) && predicate(o)));

describe('GET /offer: filters', () => {
  it('lists every visible offer by default, newest id first, 50 per page', async () => {
    const page = await list(tokenB, {});
    const all = expected(accessB);
    expect(all.length).toBeGreaterThan(50);
    expect(page.total).toBe(all.length);
    expect(page.list).toHaveLength(50);
    expect(ids(page.list)).toEqual([...all].reverse().slice(0, 50));
  });

  it('filters by name, case-insensitively, as a substring', async () => {
    const page = await list(tokenB, { name: 'FOX', count: 500 });
    expect(sortedIds(page.list)).toEqual(expected(accessB, (o) => o.name.toLowerCase().includes('fox')));
    expect(page.list.length).toBeGreaterThan(3);
    const one = await list(tokenB, { name: 'mBERFo', count: 500 });
    expect(one.list.map((o) => o.name).sort()).toEqual(['Amberfox', 'Emberfox']);
    expect((await list(tokenB, { name: '%', count: 500 })).total).toBe(0);
  });

  it('filters by each conversion type', async () => {
    for (const type of CONVERSION_TYPES) {
      const page = await list(tokenB, { conversionType: type, count: 500 });
      expect(sortedIds(page.list), type).toEqual(expected(accessB, (o) => o.conversionType === type));
      expect(page.total).toBeGreaterThan(0);
    }
  });

  it('filters by verticals given as ids or identifiers, comma-separated or repeated (any of them)', async () => {
    const want = (vs: string[]) => expected(accessB, (o) => o.verticals!.some((v) => vs.includes(v)));
    const [finance, dating] = [verticalId.get('finance')!, verticalId.get('dating')!];
    expect(sortedIds((await list(tokenB, { verticals: finance, count: 500 })).list)).toEqual(want(['finance']));
    expect(sortedIds((await list(tokenB, { verticals: `${finance},${dating}`, count: 500 })).list)).toEqual(
      want(['finance', 'dating']),
    );
    expect(sortedIds((await list(tokenB, { verticals: [finance, 'dating'], count: 500 })).list)).toEqual(
      want(['finance', 'dating']),
    );
    expect(sortedIds((await list(tokenB, { verticals: 'travel', count: 500 })).list)).toEqual(want(['travel']));
  });

  it('filters by countries (any of them), whatever the case', async () => {
    const want = (cs: string[]) => expected(accessB, (o) => o.countries!.some((c) => cs.includes(c)));
    expect(sortedIds((await list(tokenB, { countries: 'BR', count: 500 })).list)).toEqual(want(['BR']));
    expect(sortedIds((await list(tokenB, { countries: 'br,pl', count: 500 })).list)).toEqual(want(['BR', 'PL']));
    expect((await list(tokenB, { countries: 'JP', count: 500 })).total).toBe(0);
  });

  it('filters by requireApproval', async () => {
    const yes = await list(tokenB, { requireApproval: 'true', count: 500 });
    expect(sortedIds(yes.list)).toEqual(expected(accessB, (o) => o.requireApproval === true));
    expect(yes.list.every((o) => o.partnerStatus === 'apply_to_run')).toBe(true);
    const no = await list(tokenB, { requireApproval: 'false', count: 500 });
    expect(sortedIds(no.list)).toEqual(expected(accessB, (o) => !o.requireApproval));
    expect(no.list.every((o) => o.partnerStatus === 'public')).toBe(true);
  });

  it('treats empty filter values as no filter', async () => {
    const page = await list(tokenB, {
      name: '',
      conversionType: '',
      verticals: '',
      countries: '',
      requireApproval: '',
      count: 500,
    });
    expect(sortedIds(page.list)).toEqual(expected(accessB));
  });

  it('combines filters (all must hold)', async () => {
    const page = await list(tokenB, {
      conversionType: 'cpl',
      countries: 'FR,DE,ES',
      verticals: `${verticalId.get('dating')},casino,finance,crypto,gaming`,
      requireApproval: 'false',
      count: 500,
    });
    const want = expected(
      accessB,
      (o) =>
        o.conversionType === 'cpl' &&
        o.countries!.some((c) => ['FR', 'DE', 'ES'].includes(c)) &&
        o.verticals!.some((v) => ['dating', 'casino', 'finance', 'crypto', 'gaming'].includes(v)) &&
        !o.requireApproval,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(sortedIds(page.list)).toEqual(want);
    const named = await list(tokenB, { name: 'otter', conversionType: 'cpa', count: 500 });
    expect(sortedIds(named.list)).toEqual(
      expected(accessB, (o) => o.name.includes('otter') && o.conversionType === 'cpa'),
    );
  });
});

describe('GET /offer: pagination and sorting', () => {
  it('pages through every offer once, with a constant total', async () => {
    const all = expected(accessB);
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 7); page++) {
      const answer = await list(tokenB, { count: 7, page });
      expect(answer.total).toBe(all.length);
      expect(answer.list.length).toBe(Math.min(7, all.length - (page - 1) * 7));
      seen.push(...ids(answer.list));
    }
    expect([...seen].sort((x, y) => x - y)).toEqual(all);
    const past = await list(tokenB, { count: 7, page: Math.ceil(all.length / 7) + 3 });
    expect(past.list).toEqual([]);
    expect(past.total).toBe(all.length);
    const filteredPast = await list(tokenB, { count: 2, page: 40, conversionType: 'cpi' });
    expect(filteredPast.total).toBe(expected(accessB, (o) => o.conversionType === 'cpi').length);
  });

  const cmp = (x: number | string, y: number | string) => (x < y ? -1 : x > y ? 1 : 0);
  const sorters: Record<string, (a: Model, b: Model) => number> = {
    id: (a, b) => a.id - b.id,
    name: (a, b) => cmp(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id,
    createdAt: (a, b) => a.createdAt!.getTime() - b.createdAt!.getTime() || a.id - b.id,
  };

  for (const sortName of ['id', 'name', 'createdAt'] as const) {
    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`sorts by ${sortName} ${sortOrder}`, async () => {
        const page = await list(tokenB, { sortName, sortOrder, count: 500 });
        const model = catalogue.filter((o) => visible(o, accessB)).sort(sorters[sortName]);
        if (sortOrder === 'desc') model.reverse();
        expect(ids(page.list)).toEqual(ids(model));
      });
    }
  }

  for (const sortOrder of ['asc', 'desc'] as const) {
    it(`sorts by the main goal's payout ${sortOrder}: amounts, then percentages, offers without payout last`, async () => {
      const page = await list(tokenB, { sortName: 'payout', sortOrder, count: 500 });
      const sign = sortOrder === 'asc' ? 1 : -1;
      const nullsLast = (x: number | null | undefined, y: number | null | undefined) =>
        x == null && y == null ? 0 : x == null ? 1 : y == null ? -1 : sign * (x - y);
      const model = catalogue
        .filter((o) => visible(o, accessB))
        .sort(
          (a, b) =>
            nullsLast(a.payout?.amount, b.payout?.amount) ||
            nullsLast(a.payout?.percent, b.payout?.percent) ||
            sign * (a.id - b.id),
        );
      expect(ids(page.list)).toEqual(ids(model));
    });
  }
});

describe('GET /offer: content', () => {
  it('answers the main goal’s payout: the highest-paying goal when none is marked (decision 105)', async () => {
    const page = await list(tokenB, { count: 500 });
    for (const offer of page.list) {
      const model = catalogue.find((o) => o.id === offer.id)!;
      if (!model.payout) {
        expect(offer.payout, offer.name).toBeNull();
        continue;
      }
      expect(offer.payout, offer.name).toEqual({
        goal: model.payout.goal,
        amount: model.payout.amount,
        percent: model.payout.percent,
        currency: model.currency,
      });
    }
  });

  it('includes product and goals only when the groups ask for them', async () => {
    const bare = (await list(tokenB, { count: 5 })).list;
    for (const offer of bare) {
      expect(offer).not.toHaveProperty('product');
      expect(offer).not.toHaveProperty('offerGoals');
      expect(offer.image).toBeNull();
      expect(offer.verticals).toEqual((offer.verticalItems as { id: number }[]).map((v) => v.id));
    }
    const goalsOnly = (await list(tokenB, { count: 5, groups: 'goals' })).list;
    const firstGoal = (goalsOnly[0]?.offerGoals as Record<string, unknown>[])[0]!;
    expect(firstGoal).not.toHaveProperty('goal');
    expect(firstGoal).not.toHaveProperty('types');

    const full = (await list(tokenB, { count: 5, sortOrder: 'asc', groups: 'product,goals,goal,goalTypes,goalType' }))
      .list;
    const first = full[0]!;
    const model = catalogue.find((o) => o.id === first.id)!;
    expect(first.product).toEqual({
      identifier: expect.stringMatching(/^fixture-/),
      advertiser: 'Fixture Advertiser',
      type: 'web',
      domain: 'fixture.example.com',
      enabled: true,
      logo: null,
      cross: true,
      coreg: false,
    });
    expect(first.offerGoals).toEqual(
      model.goals!.map((g) => ({
        id: expect.any(Number),
        private: false,
        payoutAmount: g.p1?.amount ?? null,
        payoutPercent: g.p1?.percent ?? null,
        goal: expect.objectContaining({ identifier: g.goal, name: expect.any(String), types: expect.any(Array) }),
        types: (['p1', 'p2'] as const)
          .filter((tier) => g[tier])
          .map((tier) => ({
            id: expect.any(Number),
            goalType: { id: expect.any(Number), identifier: tier, name: expect.any(String) },
            payoutAmount: g[tier]?.amount ?? null,
            payoutPercent: g[tier]?.percent ?? null,
          })),
      })),
    );
    const repeated = (await list(tokenB, { count: 1, groups: ['product', 'goals'] })).list[0]!;
    expect(repeated).toHaveProperty('product');
    expect(repeated).toHaveProperty('offerGoals');
  });

  it('answers one offer by id with the same fields and groups', async () => {
    const model = catalogue.find((o) => visible(o, accessB))!;
    const res = await detail(tokenB, model.id, { groups: 'product' });
    expectOk(res);
    const offer = res.body.data;
    expect(offer).toMatchObject({
      id: model.id,
      name: model.name,
      conversionType: model.conversionType,
      currency: { isoCode: model.currency },
      countries: [...model.countries!].sort(),
      requireApproval: model.requireApproval,
      private: false,
      enabled: true,
      application: null,
    });
    expect(offer.verticalItems.map((v) => v.identifier).sort()).toEqual([...model.verticals!].sort());
    expect(offer).toHaveProperty('product');
    expect(offer).not.toHaveProperty('offerGoals');
  });
});

describe('visibility per partner', () => {
  it('never shows a disabled offer, even to a partner with an active application to it', async () => {
    const disabled = catalogue.filter((o) => o.enabled === false);
    expect(disabled.length).toBeGreaterThan(0);
    for (const token of [tokenA, tokenB, tokenC]) {
      const page = await list(token, { count: 500 });
      expect(ids(page.list).filter((id) => disabled.some((o) => o.id === id))).toEqual([]);
      const res = await detail(token, disabled[0]!.id);
      expectError(res, 404);
    }
  });

  it('shows a private offer only to a partner whose application to it is active', async () => {
    const privates = catalogue.filter((o) => o.private && o.enabled !== false);
    const [active, pending] = [privates[0]!, privates[1]!];
    const a = await list(tokenA, { count: 500 });
    expect(sortedIds(a.list)).toEqual(expected(accessA));
    expect(ids(a.list)).toContain(active.id);
    expect(ids(a.list)).not.toContain(pending.id);
    expect(a.list.find((o) => o.id === active.id)).toMatchObject({
      private: true,
      partnerStatus: 'active',
      application: { status: 'active' },
    });
    const b = await list(tokenB, { count: 500 });
    expect(ids(b.list).filter((id) => privates.some((o) => o.id === id))).toEqual([]);

    expect((await detail(tokenA, active.id)).status).toBe(200);
    expectError(await detail(tokenA, pending.id), 404);
    expectError(await detail(tokenB, active.id), 404);
  });

  it("shows the partner's own application status; others see apply_to_run or public", async () => {
    const a = await list(tokenA, { count: 500 });
    for (const [offerId, status] of accessA.applications) {
      const offer = a.list.find((o) => o.id === offerId);
      if (offer) expect(offer.partnerStatus).toBe(status);
    }
    const b = await list(tokenB, { count: 500 });
    for (const offer of b.list) {
      expect(offer.application).toBeNull();
      const model = catalogue.find((o) => o.id === offer.id)!;
      expect(offer.partnerStatus).toBe(model.requireApproval ? 'apply_to_run' : 'public');
    }
  });

  it('limits a partner without access to all offers to those it has an application for', async () => {
    const c = await list(tokenC, { count: 500 });
    expect(sortedIds(c.list)).toEqual(expected(accessC));
    // pending + refused + active public offers, and the private offer whose application is active.
    expect(c.total).toBe(4);
    expect(c.list.map((o) => o.partnerStatus).sort()).toEqual(['active', 'active', 'pending', 'refused']);
    const other = catalogue.find((o) => visible(o, accessB) && !accessC.applications.has(o.id))!;
    expectError(await detail(tokenC, other.id), 404);
  });
});

describe('refusals', () => {
  it('requires a partner session', async () => {
    expectError(await callEndpoint(t.app, offersEndpoints.list, {}, null), 401);
    for (const role of ['ROLE_ADMIN', 'ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER'] as const) {
      const staff = await createStaff(t, role);
      const token = await login(t, staff.email, staff.password);
      expectError(await callEndpoint(t.app, offersEndpoints.list, {}, token), 403);
      expectError(await detail(token, catalogue[0]!.id), 403);
    }
  });

  it('answers 400 with the offending parameters for a bad query, and for a non-numeric id', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ count: 501 }, 'count'],
      [{ count: 0 }, 'count'],
      [{ page: 0 }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ sortName: 'password' }, 'sortName'],
      [{ sortOrder: 'up' }, 'sortOrder'],
      [{ conversionType: 'cpm' }, 'conversionType'],
      [{ countries: 'FRA' }, 'countries.0'],
      [{ verticals: 'Finance!' }, 'verticals.0'],
      [{ verticals: '99999999999' }, 'verticals.0'],
      [{ requireApproval: 'maybe' }, 'requireApproval'],
      [{ groups: 'product,secrets' }, 'groups.1'],
      [{ color: 'red' }, 'color'],
    ];
    for (const [query, key] of cases) {
      const res = await callEndpoint(t.app, offersEndpoints.list, { query: invalid(query) }, tokenB);
      expectError(res, 400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(query)).toContain(key);
    }
    for (const id of ['abc', '1.5', '-1', '0', '99999999999']) {
      expectError(await detail(tokenB, id), 400);
    }
    expectError(await detail(tokenB, 2147483647), 404);
  });

  it('documents the offer calls in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of [
      '/api/v1/offer',
      '/api/v1/offer/{id}',
      '/api/v1/partner-offer',
      '/api/v1/staff/partner-offers/{id}',
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    const parameters = (paths['/api/v1/offer'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(parameters).toEqual(
      expect.arrayContaining([
        'page',
        'count',
        'sortName',
        'sortOrder',
        'name',
        'conversionType',
        'verticals',
        'countries',
        'requireApproval',
        'groups',
      ]),
    );
  });
});
