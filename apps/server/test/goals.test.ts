import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertisersEndpoints, goalsEndpoints, staffOffersEndpoints, type EndpointDefinition } from '@portal/contracts';
import { auditLog, offers } from '../src/db/schema.js';
import { GOALS } from '../src/seed/reference.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  invalid,
  login,
  okBody,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/** Decision 078: the network's own goals, their codes as advertisers send them. */
describe('goals a network owns (decision 078)', () => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let finance: string;
  let sequence = 0;
  const fresh = (prefix: string) => `${prefix}_${(sequence += 1)}_${Math.random().toString(36).slice(2, 6)}`;

  const call = <E extends EndpointDefinition>(endpoint: E, input: CallInput<E>, token = admin) =>
    callEndpoint(t.app, endpoint, input, token);
  const goalsList = async () => okBody(await call(goalsEndpoints.list, {})).data;
  const createGoal = async (code = fresh('goal'), name = `Goal ${code}`) =>
    okBody(await call(goalsEndpoints.create, { body: { code, name } })).data;
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'goal'), eq(auditLog.entityId, String(id))));

  /** An offer through the editor's endpoint, paying on these goal codes; its product is a fresh advertiser's. */
  async function advertiserWithProduct() {
    const advertiser = okBody(
      await call(advertisersEndpoints.create, { body: { name: fresh('Adv'), contactEmail: 'ops@adv.example', currency: 'EUR' } }), // prettier-ignore
    ).data;
    const product = okBody(
      await call(advertisersEndpoints.createProduct, {
        params: { id: advertiser.id },
        body: { identifier: fresh('p'), type: 'web', domain: 'shop.example.com' },
      }),
    ).data;
    return { advertiser, product };
  }
  const offerBody = (productId: number, codes: string[]) => ({
    name: fresh('Offer'),
    productId,
    conversionType: 'cpa' as const,
    defaultUrl: 'https://shop.example.com/?cid={click_id}',
    goals: codes.map((goal) => ({ goal, revenueAmount: 500, payoutAmount: 300 })),
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    manager = await login(t, m.email, m.password);
    const f = await createStaff(t, 'ROLE_FINANCE');
    finance = await login(t, f.email, f.password);
  });
  afterAll(async () => t.close());

  it('keeps the starting goals and their codes, and every staff role reads them', async () => {
    const list = await goalsList();
    for (const seeded of GOALS)
      expect(list).toContainEqual(
        expect.objectContaining({ code: seeded.identifier, name: seeded.name, retired: false }),
      );
    expect(okBody(await call(goalsEndpoints.list, {}, manager)).data.length).toBe(list.length);
    expect(okBody(await call(goalsEndpoints.list, {}, finance)).data.length).toBe(list.length);
  });

  it('lets admins only create and change goals', async () => {
    expectError(await call(goalsEndpoints.create, { body: { code: fresh('am'), name: fresh('Am') } }, manager), 403);
    expectError(await call(goalsEndpoints.create, { body: { code: fresh('fi'), name: fresh('Fi') } }, finance), 403);
    const goal = await createGoal();
    expectError(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { name: 'Nope' } }, manager), 403);
    expectError(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { retired: true } }, finance), 403);
    expect((await goalsList()).find((g) => g.id === goal.id)).toMatchObject({ name: goal.name, retired: false });
  });

  it('creates a goal, audited, and refuses a bad or taken code and a taken name on their fields', async () => {
    const goal = await createGoal('kyc_passed', 'KYC passed');
    expect(goal).toMatchObject({ code: 'kyc_passed', name: 'KYC passed', retired: false, offerCount: 0, codeLocked: false }); // prettier-ignore
    expect(await auditOf(goal.id)).toMatchObject([{ action: 'create', changes: expect.arrayContaining([{ field: 'code', before: null, after: 'kyc_passed' }]) }]); // prettier-ignore
    for (const code of ['KYC passed', 'Kyc_Passed', '-kyc', 'kyc passed', 'kyc/passed', 'x'.repeat(65)]) {
      const res = await call(goalsEndpoints.create, { body: { code, name: fresh('Name') } });
      expectError(res, 400);
      expect(res.body.errors).toHaveProperty('code');
    }
    const taken = await call(goalsEndpoints.create, { body: { code: 'kyc_passed', name: 'Another' } });
    expectError(taken, 400);
    expect(taken.body.errors).toEqual({ code: 'Another goal already has this code.' });
    const sameName = await call(goalsEndpoints.create, { body: { code: 'kyc_passed_2', name: 'kyc PASSED' } });
    expectError(sameName, 400);
    expect(sameName.body.errors).toEqual({ name: 'Another goal already has this name.' });
    expectError(await call(goalsEndpoints.create, { body: invalid({ code: 'x', name: 'X', types: [] }) }), 400);
  });

  it('renames a goal, changes its code until an offer pays on it, then keeps the code', async () => {
    const goal = await createGoal(fresh('second_deposit'), fresh('Second deposit'));
    const renamed = okBody(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { name: 'Second deposit!' } })).data; // prettier-ignore
    expect(renamed.name).toBe('Second deposit!');
    const recoded = okBody(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { code: `${goal.code}_x` } })).data; // prettier-ignore
    expect(recoded.code).toBe(`${goal.code}_x`);
    const { product } = await advertiserWithProduct();
    okBody(await call(staffOffersEndpoints.create, { body: offerBody(product.id, [recoded.code]) }));
    expect((await goalsList()).find((g) => g.id === goal.id)).toMatchObject({ offerCount: 1, codeLocked: true });
    const locked = await call(goalsEndpoints.update, { params: { id: goal.id }, body: { code: 'another_code' } });
    expectError(locked, 409);
    expect(locked.body.errors).toHaveProperty('code');
    // The same code again is no change; the name still changes.
    okBody(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { code: recoded.code, name: 'Deposit #2' } })); // prettier-ignore
    expect((await goalsList()).find((g) => g.id === goal.id)).toMatchObject({ code: recoded.code, name: 'Deposit #2' });
    const audit = await auditOf(goal.id);
    expect(audit.map((e) => e.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(audit[3]!.changes).toEqual([{ field: 'name', before: 'Second deposit!', after: 'Deposit #2' }]);
  });

  it('retires a goal: it stays on the offers that have it, is refused on a new one, and can come back', async () => {
    const goal = await createGoal(fresh('kyc'), fresh('Kyc'));
    const { product } = await advertiserWithProduct();
    const offerId = okBody(await call(staffOffersEndpoints.create, { body: offerBody(product.id, [goal.code]) })).data.id; // prettier-ignore
    const retired = okBody(
      await call(goalsEndpoints.update, { params: { id: goal.id }, body: { retired: true } }),
    ).data;
    expect(retired).toMatchObject({ retired: true, retiredAt: expect.any(String) });
    const options = okBody(await call(staffOffersEndpoints.options, {})).data;
    expect(options.goals.find((g) => g.identifier === goal.code)).toEqual({ id: goal.id, identifier: goal.code, name: goal.name, retired: true, minSecondsToConvert: null }); // prettier-ignore

    const refused = await call(staffOffersEndpoints.create, {
      body: offerBody(product.id, ['registration', goal.code]),
    });
    expectError(refused, 400);
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['goals.1.goal']);
    // Kept on its offer through an edit of the whole list; not added to another offer.
    const kept = await call(staffOffersEndpoints.update, { params: { id: offerId }, body: { goals: offerBody(product.id, [goal.code, 'registration']).goals } }); // prettier-ignore
    expect(okBody(kept).data.goals.map((g) => g.goal)).toEqual([goal.code, 'registration']);
    const other = okBody(await call(staffOffersEndpoints.create, { body: offerBody(product.id, ['registration']) })).data.id; // prettier-ignore
    expectError(await call(staffOffersEndpoints.update, { params: { id: other }, body: { goals: offerBody(product.id, ['registration', goal.code]).goals } }), 400); // prettier-ignore

    okBody(await call(goalsEndpoints.update, { params: { id: goal.id }, body: { retired: false } }));
    okBody(await call(staffOffersEndpoints.update, { params: { id: other }, body: { goals: offerBody(product.id, ['registration', goal.code]).goals } })); // prettier-ignore
    const audit = await auditOf(goal.id);
    expect(audit.slice(1).map((e) => e.changes)).toEqual([
      [{ field: 'retired', before: false, after: true }],
      [{ field: 'retired', before: true, after: false }],
    ]);
  });

  it('takes a postback with a new goal’s code, shows its ready URL, and the test tool takes its name too', async () => {
    const goal = await createGoal(fresh('ftd_plus'), fresh('FTD plus'));
    await goalsWithoutFloor(t, [goal.code]); // the conversion rules are on (decision 109): the postback follows its click
    const { advertiser, product } = await advertiserWithProduct();
    const offerId = await createOffer(t, { name: fresh('Fixture offer'), goals: [{ goal: goal.code, p1: { amount: 700 } }] }); // prettier-ignore
    await t.database.db
      .update(offers)
      .set({ productId: product.id, defaultUrl: 'https://shop.example.com/?cid={click_id}' })
      .where(eq(offers.id, offerId));
    const partner = await createPartner(t);
    const click = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
    const clickId = new URL(click.headers.location as string).searchParams.get('cid')!;

    const detail = okBody(await call(advertisersEndpoints.get, { params: { id: advertiser.id } })).data;
    const ready = detail.goalPostbacks.find((g) => g.code === goal.code)!;
    expect(ready).toMatchObject({ name: goal.name, retired: false });
    expect(ready.url).toContain(`goal=${goal.code}&`);
    expect(ready.url).toContain(`token=${advertiser.securityToken}`);

    const byName = await call(advertisersEndpoints.testPostback, {
      params: { id: advertiser.id },
      body: { click_id: clickId, goal: goal.name.toUpperCase() },
    });
    expect(okBody(byName).data).toMatchObject({ status: 'approved', reason: null, payout: 700, goalCode: goal.code });
    const unknown = await call(advertisersEndpoints.testPostback, { params: { id: advertiser.id }, body: { click_id: clickId, goal: 'No such goal' } }); // prettier-ignore
    expect(okBody(unknown).data).toMatchObject({ status: 'rejected', reason: 'goal_not_found', goalCode: null });

    // The real postback is the advertiser's server: it sends the code.
    const url = new URL(ready.url.replace('{click_id}', clickId).replace('&amount={amount}', '').replace('&transaction_id={transaction_id}', '&transaction_id=tx-1')); // prettier-ignore
    const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.json(), res.body).toMatchObject({ status: 'approved' });
  });
});
