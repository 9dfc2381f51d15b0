import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/bulk.js';
import { advertiserPostbacks, conversions, goals, offerGoals, offers, partners } from '../src/db/schema.js';
import { dailyStats } from '../src/modules/rollups/index.js';
import { buildTestApp, createPartner, expectErrorObject, testClock, type TestApp } from './helper.js';
import { createOffer, type OfferSpec, advertiserTokenOf } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T09:30:00Z'));
beforeAll(async () => {
  // The timer never fires here: clicks stay buffered unless a test flushes them.
  t = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000 });
  // Postbacks here follow their clicks at once: the goals' floor is 0 (the conversion rules' own tests are elsewhere).
  await goalsWithoutFloor(t, ['registration', 'sale']);
});
afterAll(async () => t?.close());

type Offer = { offerId: number; token: string };

async function offerWith(spec: Partial<OfferSpec> = {}): Promise<Offer> {
  const offerId = await createOffer(t, {
    name: 'Postback offer',
    goals: [
      { goal: 'registration', p1: { amount: 250 } },
      { goal: 'sale', p1: { percent: 1250 } },
    ],
    ...spec,
  });
  await t.database.db
    .update(offers)
    .set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' })
    .where(eq(offers.id, offerId));
  const token = await advertiserTokenOf(t, offerId);
  return { offerId, token };
}

async function clickOn(offerId: number, partnerId: number, extra = ''): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}${extra}` });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('cid')!;
}

const postback = (params: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });

async function conversionRows(clickId: string) {
  return t.database.db.select().from(conversions).where(eq(conversions.clickId, clickId));
}

async function setup(spec: Partial<OfferSpec> = {}) {
  const partner = await createPartner(t);
  const offer = await offerWith(spec);
  const clickId = await clickOn(offer.offerId, partner.partnerId, '&subid=news&tc2=blue');
  return { partner, ...offer, clickId };
}

describe('GET /postback', () => {
  it('approves a fixed payout for a click still in the buffer, and answers after the commit', async () => {
    const { partner, offerId, token, clickId } = await setup();
    expect(t.app.tracking.buffer.find(clickId)).toBeDefined();
    const res = await postback({ click_id: clickId, goal: 'registration', transaction_id: 'T-1', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'approved', reason: null, conversionId: expect.any(Number), duplicate: false });
    const [row] = await conversionRows(clickId);
    expect(row).toMatchObject({
      id: body.conversionId,
      offerId,
      partnerId: partner.partnerId,
      goal: 'registration',
      transactionId: 'T-1',
      payout: 250,
      currency: 'EUR',
      status: 'approved',
      reason: null,
      subid: 'news',
      tc2: 'blue',
    });
  });

  it('records nothing on HEAD (answered, as every GET is: decision 076): only an advertiser’s GET or POST is a conversion', async () => {
    const { token, clickId } = await setup();
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/postback?${new URLSearchParams({ click_id: clickId, goal: 'registration', token }).toString()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await conversionRows(clickId)).toEqual([]);
  });

  it('finds a click already written to the database', async () => {
    const { token, clickId } = await setup();
    await t.app.tracking.buffer.flush();
    expect(t.app.tracking.buffer.find(clickId)).toBeUndefined();
    const res = await postback({ click_id: clickId, goal: 'registration', token });
    expect(res.json()).toMatchObject({ status: 'approved', duplicate: false });
  });

  it.each([
    ['49.90', 624], // 4990 × 12.5 % = 623.75, rounded half up
    ['19.9', 249], // 1990 × 12.5 % = 248.75
    ['0.04', 1], // 0.5 rounds up
    ['0.03', 0],
    ['1000000', 12_500_000],
    ['0.1', 1], // 10 × 12.5 % = 1.25; no binary float ever sees 0.1
  ])('pays 12.5 %% of %s exactly: %s minor units', async (amount, payout) => {
    const { token, clickId } = await setup();
    const res = await postback({ click_id: clickId, goal: 'sale', amount, token });
    expect(res.json()).toMatchObject({ status: 'approved', reason: null });
    const [row] = await conversionRows(clickId);
    expect(row).toMatchObject({ payout, amount: Math.round(Number(amount) * 100) });
  });

  it('keeps conversions of a goal under manual validation pending', async () => {
    const { partner, offerId, token, clickId } = await setup();
    const [goal] = await t.database.db.select().from(goals).where(eq(goals.identifier, 'registration'));
    await t.database.db
      .update(offerGoals)
      .set({ manualValidation: true })
      .where(and(eq(offerGoals.offerId, offerId), eq(offerGoals.goalId, goal!.id)));
    const res = await postback({ click_id: clickId, goal: 'registration', token });
    expect(res.json()).toMatchObject({ status: 'pending', reason: null, duplicate: false });
    expect((await conversionRows(clickId))[0]).toMatchObject({ status: 'pending', payout: 250 });
    await t.app.tracking.buffer.flush();
    const [day] = await dailyStats(t.database.db, partner.partnerId, '2026-01-01', '2026-12-31', null, { offerId });
    expect(day).toMatchObject({ clicks: 1, conversions: 0, pending: 1, pendingPayout: 250, payout: 0 });
  });

  describe('rejections are recorded with a reason and never paid', () => {
    it('unknown_click', async () => {
      const { token } = await offerWith();
      const res = await postback({ click_id: 'no-such-click', goal: 'registration', token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'unknown_click', duplicate: false });
      expect(await conversionRows('no-such-click')).toEqual([
        expect.objectContaining({ partnerId: null, offerId: null, payout: 0, reason: 'unknown_click' }),
      ]);
    });

    it('unknown_click for another advertiser’s click', async () => {
      const { clickId } = await setup();
      const other = await offerWith();
      const res = await postback({ click_id: clickId, goal: 'registration', token: other.token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
      expect((await conversionRows(clickId))[0]).toMatchObject({ partnerId: null, offerId: null });
    });

    it('goal_not_found', async () => {
      const { token, clickId } = await setup();
      const res = await postback({ click_id: clickId, goal: 'install', token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'goal_not_found' });
      expect((await conversionRows(clickId))[0]).toMatchObject({ goalId: null, goal: 'install', payout: 0 });
    });

    it('offer_disabled', async () => {
      const { offerId, token, clickId } = await setup();
      await t.database.db.update(offers).set({ enabled: false }).where(eq(offers.id, offerId));
      const res = await postback({ click_id: clickId, goal: 'registration', token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'offer_disabled' });
    });

    it('partner_inactive', async () => {
      const { partner, token, clickId } = await setup();
      await t.database.db.update(partners).set({ status: 'suspended' }).where(eq(partners.id, partner.partnerId));
      const res = await postback({ click_id: clickId, goal: 'registration', token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'partner_inactive' });
    });

    it('click_too_old', async () => {
      const { token, clickId } = await setup();
      clock.advance(30 * 86_400_000);
      const inTime = await setup();
      clock.advance(60_000);
      expect((await postback({ click_id: clickId, goal: 'registration', token })).json()).toMatchObject({
        status: 'rejected',
        reason: 'click_too_old',
      });
      expect(
        (await postback({ click_id: inTime.clickId, goal: 'registration', token: inTime.token })).json(),
      ).toMatchObject({ status: 'approved' });
    });

    it('amount_required for a percentage goal without an amount', async () => {
      const { token, clickId } = await setup();
      const res = await postback({ click_id: clickId, goal: 'sale', token });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'amount_required' });
    });

    it('duplicate: a second transaction for a click and goal already converted', async () => {
      const { token, clickId } = await setup();
      const first = await postback({ click_id: clickId, goal: 'registration', transaction_id: 'A', token });
      const second = await postback({ click_id: clickId, goal: 'registration', transaction_id: 'B', token });
      expect(first.json()).toMatchObject({ status: 'approved', duplicate: false });
      expect(second.json()).toMatchObject({ status: 'rejected', reason: 'duplicate', duplicate: false });
      const rows = await conversionRows(clickId);
      expect(rows.map((row) => [row.transactionId, row.status, row.payout]).sort()).toEqual([
        ['A', 'approved', 250],
        ['B', 'rejected', 0],
      ]);
    });
  });

  describe('idempotency', () => {
    it('a repeated transaction id answers the first conversion and writes nothing', async () => {
      const { token, clickId } = await setup();
      const first = (await postback({ click_id: clickId, goal: 'registration', transaction_id: 'X', token })).json();
      const again = (await postback({ click_id: clickId, goal: 'registration', transaction_id: 'X', token })).json();
      expect(again).toEqual({ ...first, duplicate: true });
      expect(await conversionRows(clickId)).toHaveLength(1);
    });

    it('without a transaction id, the same click and goal count once', async () => {
      const { token, clickId } = await setup();
      const first = (await postback({ click_id: clickId, goal: 'registration', token })).json();
      const again = (await postback({ click_id: clickId, goal: 'registration', token })).json();
      expect(again).toEqual({ ...first, duplicate: true });
      expect(await conversionRows(clickId)).toHaveLength(1);
    });

    it('50 concurrent copies give exactly one conversion', async () => {
      const { partner, offerId, token, clickId } = await setup();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          postback({ click_id: clickId, goal: 'registration', transaction_id: 'SAME', token }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
      const bodies = answers.map((res) => res.json());
      expect(new Set(bodies.map((body) => body.conversionId)).size).toBe(1);
      expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
      expect(await conversionRows(clickId)).toHaveLength(1);
      await t.app.tracking.buffer.flush();
      const [day] = await dailyStats(t.database.db, partner.partnerId, '2026-01-01', '2026-12-31', null, {
        offerId,
      });
      expect(day).toMatchObject({ conversions: 1, payout: 250, rejected: 0 });
    });

    it('50 concurrent transactions on one click and goal: one approved, the rest rejected as duplicates', async () => {
      const { token, clickId } = await setup();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postback({ click_id: clickId, goal: 'registration', transaction_id: `T${i}`, token }),
        ),
      );
      const statuses = answers.map((res) => res.json().status as string);
      expect(statuses.filter((s) => s === 'approved')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'rejected')).toHaveLength(49);
      const rows = await conversionRows(clickId);
      expect(rows).toHaveLength(50);
      expect(rows.filter((row) => row.reason === 'duplicate')).toHaveLength(49);
    });
  });

  describe('refused postbacks write nothing', () => {
    async function total() {
      const [row] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(conversions);
      return row?.n ?? 0;
    }

    it.each([
      ['a missing token', 401, (token: string) => ({ token: '', drop: token })],
      ['a wrong token', 403, (token: string) => ({ token: `${token}x` })],
      ['a token of the wrong length', 403, () => ({ token: 'short' })],
    ])('%s → %i', async (_name, status, tokenOf) => {
      const { token, clickId } = await setup();
      const before = await total();
      const override = tokenOf(token);
      const params: Record<string, string> = { click_id: clickId, goal: 'registration' };
      if (override.token) params.token = override.token;
      expectErrorObject(await postback(params), status);
      expect(await total()).toBe(before);
    });

    it.each([
      ['no click id', { goal: 'registration' }, 'click_id'],
      ['no goal', { click_id: 'abc' }, 'goal'],
      ['an amount with three decimals', { click_id: 'abc', goal: 'sale', amount: '1.234' }, 'amount'],
      ['a negative amount', { click_id: 'abc', goal: 'sale', amount: '-1' }, 'amount'],
      ['an amount with an exponent', { click_id: 'abc', goal: 'sale', amount: '1e3' }, 'amount'],
      ['a NUL in the transaction id', { click_id: 'abc', goal: 'sale', transaction_id: 'T\u00001' }, 'transaction_id'],
    ])('%s → 400', async (_name, params, field) => {
      const { token } = await offerWith();
      const before = await total();
      const res = await postback({ ...params, token });
      expectErrorObject(res, 400);
      expect(Object.keys(res.json().errors)).toContain(field);
      expect(await total()).toBe(before);
    });
  });
});

describe('POST /postback', () => {
  it('accepts the fields as a form', async () => {
    const { token, clickId } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: '/postback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ click_id: clickId, goal: 'sale', amount: '10.00', token }).toString(),
    });
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(clickId))[0]).toMatchObject({ amount: 1000, payout: 125 });
  });

  it('accepts a JSON body, and the query for what the body lacks', async () => {
    const { token, clickId } = await setup();
    const res = await t.app.inject({
      method: 'POST',
      url: `/postback?token=${token}`,
      payload: { click_id: clickId, goal: 'registration', transaction_id: 'J-1' },
    });
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(clickId))[0]).toMatchObject({ transactionId: 'J-1' });
  });
});

/** Decision 077: the three shapes advertisers post, amounts as JSON numbers, `currency` honoured, repeats refused. */
describe('postbacks as advertisers send them (decision 077)', () => {
  const post = (url: string, payload?: string | object, type?: string) =>
    t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), ...(type ? { headers: { 'content-type': type } } : {}) }); // prettier-ignore
  const query = (params: Record<string, string>) => `/postback?${new URLSearchParams(params).toString()}`;

  it('takes the fields in the query of a POST without a body', async () => {
    const { token, clickId } = await setup();
    const res = await post(query({ click_id: clickId, goal: 'sale', amount: '10.00', token }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', reason: null });
    expect((await conversionRows(clickId))[0]).toMatchObject({ amount: 1000, payout: 125 });
  });

  it('takes a form body, and a JSON body, in the same shape', async () => {
    const form = await setup();
    const viaForm = await post('/postback', new URLSearchParams({ click_id: form.clickId, goal: 'sale', amount: '20.00', currency: 'eur', token: form.token }).toString(), 'application/x-www-form-urlencoded'); // prettier-ignore
    expect(viaForm.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(form.clickId))[0]).toMatchObject({ amount: 2000, payout: 250, currency: 'EUR' });
    const json = await setup();
    const viaJson = await post('/postback', { click_id: json.clickId, goal: 'sale', amount: '20.00', currency: 'EUR', token: json.token }); // prettier-ignore
    expect(viaJson.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(json.clickId))[0]).toMatchObject({ amount: 2000, payout: 250 });
  });

  it.each([
    [12.5, 1250],
    [12, 1200],
    [0.1, 10],
    [49.99, 4999],
  ])('reads a JSON number amount %d as %i minor units', async (amount, minor) => {
    const { token, clickId } = await setup();
    const res = await post('/postback', { click_id: clickId, goal: 'sale', amount, token });
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(clickId))[0]).toMatchObject({ amount: minor });
  });

  it.each([
    ['three decimals', 12.345],
    ['negative', -1],
    ['an exponent', 1e21],
    ['a boolean', true],
  ])('refuses a JSON amount with %s: 400 on amount, nothing recorded', async (_name, amount) => {
    const { token, clickId } = await setup();
    const res = await post('/postback', { click_id: clickId, goal: 'sale', amount, token });
    expectErrorObject(res, 400);
    expect(Object.keys(res.json().errors)).toEqual(['amount']);
    expect(await conversionRows(clickId)).toEqual([]);
  });

  it('accepts the offer’s currency in any case, and takes its absence (or emptiness) for the offer’s', async () => {
    for (const currency of ['EUR', 'eur', 'Eur', '', undefined]) {
      const { token, clickId } = await setup();
      const params: Record<string, string> = { click_id: clickId, goal: 'sale', amount: '8.00', token };
      if (currency !== undefined) params.currency = currency;
      expect((await postback(params)).json(), String(currency)).toMatchObject({ status: 'approved', reason: null });
      expect((await conversionRows(clickId))[0]).toMatchObject({ amount: 800, currency: 'EUR', payout: 100 });
    }
  });

  it('answers another currency rejected/currency_mismatch, recorded unpaid and in the advertiser’s log', async () => {
    for (const currency of ['USD', 'usd', 'XXX']) {
      const { token, clickId } = await setup();
      const res = await postback({ click_id: clickId, goal: 'sale', amount: '10.00', currency, token });
      expect(res.json(), currency).toMatchObject({ status: 'rejected', reason: 'currency_mismatch', duplicate: false });
      const [row] = await conversionRows(clickId);
      expect(row).toMatchObject({ status: 'rejected', reason: 'currency_mismatch', payout: 0, revenue: 0, currency: 'EUR' }); // prettier-ignore
      const [logged] = await t.database.db.select().from(advertiserPostbacks).where(eq(advertiserPostbacks.conversionId, row!.id)); // prettier-ignore
      expect(logged).toMatchObject({ outcome: 'recorded', status: 'rejected', reason: 'currency_mismatch' });
    }
    // A fixed-payout goal too: the currency is refused whatever the goal pays.
    const { token, clickId } = await setup();
    expect((await postback({ click_id: clickId, goal: 'registration', currency: 'GBP', token })).json()).toMatchObject({
      status: 'rejected',
      reason: 'currency_mismatch',
    });
  });

  it('refuses a currency that is no three-letter code: 400 on currency', async () => {
    const { token, clickId } = await setup();
    const res = await postback({ click_id: clickId, goal: 'sale', amount: '1.00', currency: 'euro', token });
    expectErrorObject(res, 400);
    expect(Object.keys(res.json().errors)).toEqual(['currency']);
  });

  it('changes nothing when an adjustment names another currency than the conversion’s', async () => {
    const { token, clickId } = await setup();
    await postback({ click_id: clickId, goal: 'sale', amount: '10.00', transaction_id: 'CUR-1', token });
    const res = await postback({ transaction_id: 'CUR-1', status: 'adjusted', amount: '5.00', currency: 'USD', token });
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'currency_mismatch', duplicate: false });
    expect((await conversionRows(clickId))[0]).toMatchObject({ status: 'approved', amount: 1000, payout: 125 });
    const same = await postback({
      transaction_id: 'CUR-1',
      status: 'adjusted',
      amount: '5.00',
      currency: 'eur',
      token,
    });
    expect(same.json()).toMatchObject({ status: 'approved', reason: null });
    expect((await conversionRows(clickId))[0]).toMatchObject({ amount: 500 });
  });

  it.each([
    ['twice in a GET query', 'GET'],
    ['twice in a POST query', 'POST'],
    ['twice in a form', 'form'],
    ['in the query and the JSON body with two values', 'split'],
  ])('answers a parameter sent %s with one sentence, and records nothing', async (_name, how) => {
    const { token, clickId } = await setup();
    const twice = `click_id=${clickId}&goal=sale&goal=registration&amount=3.00&token=${token}`;
    const res =
      how === 'GET'
        ? await t.app.inject({ method: 'GET', url: `/postback?${twice}` })
        : how === 'POST'
          ? await post(`/postback?${twice}`)
          : how === 'form'
            ? await post('/postback', twice, 'application/x-www-form-urlencoded')
            : await post(`/postback?goal=sale&token=${token}`, { click_id: clickId, goal: 'registration' });
    expectErrorObject(res, 400);
    expect(res.json()).toMatchObject({
      message: 'The postback sent goal more than once: send each parameter once.',
      errors: { goal: 'Sent more than once: send it once.' },
    });
    expect(await conversionRows(clickId)).toEqual([]);
  });

  it('takes a field in both the query and the body with the same value, and ignores other parameters', async () => {
    const { token, clickId } = await setup();
    const res = await post(`/postback?goal=sale&token=${token}&utm_source=x&utm_source=y&af_sub1=z`, { click_id: clickId, goal: 'sale', amount: 4, extra: [1, 2] }); // prettier-ignore
    expect(res.json()).toMatchObject({ status: 'approved' });
    expect((await conversionRows(clickId))[0]).toMatchObject({ amount: 400 });
  });

  it('refuses a JSON body that is no object', async () => {
    const { token } = await offerWith();
    expectErrorObject(await post(`/postback?token=${token}`, '[1,2]', 'application/json'), 400);
  });
});

describe('conversion rollups', () => {
  it('equal a GROUP BY over the raw conversions, at the conversion hour, per partner', async () => {
    const a = await createPartner(t);
    const b = await createPartner(t);
    const offer = await offerWith();
    const usd = await offerWith({ currency: 'USD' });
    for (let i = 0; i < 12; i++) {
      const partner = i % 3 === 0 ? b : a;
      const o = i % 2 === 0 ? offer : usd;
      const clickId = await clickOn(o.offerId, partner.partnerId, `&subid=s${i % 2}`);
      clock.advance(25 * 60_000);
      // Each visitor converts from its own address: the per-address rule counts conversions per address (decision 101).
      await postback({
        click_id: clickId,
        goal: i % 4 === 0 ? 'sale' : 'registration',
        amount: `${i}.50`,
        token: o.token,
        ip: `90.0.3.${i + 1}`,
      });
      if (i % 5 === 0)
        await postback({ click_id: clickId, goal: 'registration', transaction_id: `d${i}`, token: o.token });
    }
    await t.app.tracking.buffer.flush();
    const raw = await t.database.db.execute(sql`
      select partner_id, date_trunc('hour', created_at) as hour, offer_id, currency, coalesce(subid, '') as subid,
             count(*) filter (where status = 'approved')::int as conversions,
             count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'rejected')::int as rejected,
             coalesce(sum(payout) filter (where status = 'approved'), 0)::int as payout
      from conversions where partner_id is not null
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
    const rollup = await t.database.db.execute(sql`
      select partner_id, hour, offer_id, currency, subid, sum(conversions)::int as conversions,
             sum(pending)::int as pending, sum(rejected)::int as rejected, sum(payout)::int as payout
      from stats_hourly group by 1, 2, 3, 4, 5
      having sum(conversions) + sum(pending) + sum(rejected) > 0 order by 1, 2, 3, 4, 5`);
    const rows = (result: unknown) =>
      rowsOf<Record<string, unknown>>(result).map((row): Record<string, unknown> => ({
        ...row,
        hour: new Date(row.hour as string).toISOString(),
      }));
    expect(rows(rollup)).toEqual(rows(raw));

    const totals = async (partnerId: number) =>
      (await dailyStats(t.database.db, partnerId, '2026-01-01', '2026-12-31', '+01:00')).reduce(
        (sum, row) => ({ clicks: sum.clicks + row.clicks, conversions: sum.conversions + row.conversions }),
        { clicks: 0, conversions: 0 },
      );
    const approved = async (partnerId: number) =>
      (
        await t.database.db
          .select()
          .from(conversions)
          .where(and(eq(conversions.partnerId, partnerId), eq(conversions.status, 'approved')))
      ).length;
    // B's first click converts twice: a sale, then a registration (another goal).
    expect(await totals(a.partnerId)).toEqual({ clicks: 8, conversions: await approved(a.partnerId) });
    expect(await totals(b.partnerId)).toEqual({ clicks: 4, conversions: await approved(b.partnerId) });
    expect(await approved(b.partnerId)).toBe(5);
  });

  it('update the hourly and the daily rollup together, the daily row summing the day’s hours', async () => {
    const HOUR = 3_600_000;
    // 10:10 UTC the next day, so that both postbacks fall on the click's UTC day, in two different hours.
    const at = Math.ceil(clock.now().getTime() / (24 * HOUR)) * 24 * HOUR + 10 * HOUR + 10 * 60_000;
    clock.advance(at - clock.now().getTime());
    const day = new Date(at).toISOString().slice(0, 10);
    const { partner, token, clickId } = await setup();
    await t.app.tracking.buffer.flush();
    const rollups = async () => {
      const read = async (query: ReturnType<typeof sql>) => {
        const result = await t.database.db.execute(query);
        return rowsOf<Record<string, unknown>>(result);
      };
      const counts = sql.raw(`subid, tc2, clicks::int as clicks, conversions::int as conversions,
        pending::int as pending, payout::int as payout`);
      return {
        hourly: await read(sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as time, ${counts}
          from stats_hourly where partner_id = ${partner.partnerId} order by 1`),
        daily: await read(sql`select to_char(day, 'YYYY-MM-DD') as time, ${counts}
          from stats_daily where partner_id = ${partner.partnerId} order by 1`),
      };
    };
    const row = (time: string, clicks: number, conversions: number, payout: number) => ({
      time,
      subid: 'news',
      tc2: 'blue',
      clicks,
      conversions,
      pending: 0,
      payout,
    });
    expect(await rollups()).toEqual({ hourly: [row(`${day} 10`, 1, 0, 0)], daily: [row(day, 1, 0, 0)] });

    expect((await postback({ click_id: clickId, goal: 'registration', token })).json()).toMatchObject({
      status: 'approved',
    });
    clock.advance(HOUR);
    expect((await postback({ click_id: clickId, goal: 'sale', amount: '10.00', token })).json()).toMatchObject({
      status: 'approved',
    });
    expect(await rollups()).toEqual({
      hourly: [row(`${day} 10`, 1, 1, 250), row(`${day} 11`, 0, 1, 125)],
      daily: [row(day, 1, 2, 375)],
    });
  });
});
