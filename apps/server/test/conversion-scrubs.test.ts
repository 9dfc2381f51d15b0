import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEndpoints,
  conversionChangesEndpoints,
  conversionScrubsEndpoints,
  SCRUB_MAX_BYTES,
  SCRUB_MAX_LINES,
} from '@portal/contracts';
import { rowsOf } from '../src/db/bulk.js';
import { conversionAdjustments, conversions, conversionScrubs } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type CallInput,
  type TestApp,
} from './helper.js';
import { offerWithRevenue, goalsWithoutFloor } from './conversion-fixtures.js';

let t: TestApp;
const clock = testClock(new Date('2026-05-04T10:20:00Z'));
let admin: string;
let finance: string;
let manager: { userId: number; token: string };
let otherManager: { userId: number; token: string };

const staff: { role: Parameters<typeof createStaff>[1]; email: string; password: string; userId: number }[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
  // Postbacks here follow their clicks at once: no floor on these goals (the conversion rules' tests are elsewhere).
  await goalsWithoutFloor(t, ['registration', 'sale']);
  for (const role of ['ROLE_ADMIN', 'ROLE_FINANCE', 'ROLE_ACCOUNT_MANAGER', 'ROLE_ACCOUNT_MANAGER'] as const) {
    staff.push({ role, ...(await createStaff(t, role)) });
  }
});
beforeEach(async () => {
  const tokens = await Promise.all(staff.map((s) => login(t, s.email, s.password)));
  [admin, finance] = tokens as [string, string];
  manager = { userId: staff[2]!.userId, token: tokens[2]! };
  otherManager = { userId: staff[3]!.userId, token: tokens[3]! };
});
afterAll(async () => t?.close());

/**
 * One advertiser's offer paying 4.00 (revenue 6.00) on 'registration' and 10 % (revenue 15 %) of the sale on 'sale',
 * promoted by two partners: `mine` (of `manager`) and `theirs` (of `otherManager`).
 */
async function setting() {
  const mine = await createPartner(t, { accountManagerId: manager.userId, companyName: 'Alpha Media' });
  const theirs = await createPartner(t, { accountManagerId: otherManager.userId, companyName: 'Beta Leads' });
  const { offerId, token } = await offerWithRevenue(t, 'Scrubbed');
  /** An approved conversion of `partnerId` on a new click. */
  const convert = async (partnerId: number, transactionId: string, params: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partnerId}` });
    const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
    await t.app.tracking.buffer.flush();
    const answer = await t.app.inject({
      method: 'GET',
      url: `/postback?${new URLSearchParams({ token, click_id: clickId, goal: 'registration', transaction_id: transactionId, ...params })}`, // prettier-ignore
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { conversionId: number }).conversionId;
  };
  return { mine, theirs, offerId, token, convert };
}

const advertiserOf = async (conversionId: number) => {
  const [row] = await t.database.db
    .select({ advertiserId: conversions.advertiserId })
    .from(conversions)
    .where(eq(conversions.id, conversionId));
  return row!.advertiserId;
};

const dataUrl = (text: string | Buffer) =>
  `data:text/csv;base64,${(typeof text === 'string' ? Buffer.from(text) : text).toString('base64')}`;

type Scrubs = typeof conversionScrubsEndpoints;
const upload = (advertiserId: number, csv: string | Buffer, token = finance, note?: string) =>
  callEndpoint(
    t.app,
    conversionScrubsEndpoints.upload,
    { body: { advertiserId, file: { filename: 'scrub-may.csv', data: dataUrl(csv) }, ...(note ? { note } : {}) } },
    token,
  );
const apply = (id: number, token = finance) =>
  callEndpoint(t.app, conversionScrubsEndpoints.apply, { params: { id } } as CallInput<Scrubs['apply']>, token);

const statusOf = async (ids: number[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: conversions.id, status: conversions.status, reversalReason: conversions.reversalReason })
        .from(conversions)
        .where(inArray(conversions.id, ids))
    ).map((r) => [r.id, r.status === 'rejected' ? `rejected:${r.reversalReason}` : r.status]),
  );

const ledgerOf = (ids: number[]) =>
  t.database.db
    .select()
    .from(conversionAdjustments)
    .where(inArray(conversionAdjustments.conversionId, ids))
    .orderBy(conversionAdjustments.id);

const COUNTS = [
  'conversions',
  'pending',
  'rejected',
  'payout',
  'pending_payout',
  'revenue',
  'pending_revenue',
] as const;

/** Every rollup grain (decision 049) equals the raw rows: per partner, and the offer's across its partners. */
async function expectRollupsMatchRows(partnerIds: number[], offerId: number) {
  const raw = async (where: string) =>
    rowsOf<Record<string, number>>(
      await t.database.db.execute(
        sql.raw(`select
      count(*) filter (where status = 'approved')::int as conversions,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'rejected')::int as rejected,
      coalesce(sum(payout) filter (where status = 'approved'), 0)::int as payout,
      coalesce(sum(payout) filter (where status = 'pending'), 0)::int as pending_payout,
      coalesce(sum(revenue) filter (where status = 'approved'), 0)::int as revenue,
      coalesce(sum(revenue) filter (where status = 'pending'), 0)::int as pending_revenue
      from conversions where ${where}`),
      ),
    )[0];
  const sums = COUNTS.map((c) => `coalesce(sum(${c}), 0)::int as ${c}`).join(', ');
  const rolled = async (table: string, where: string) =>
    rowsOf<Record<string, number>>(await t.database.db.execute(sql.raw(`select ${sums} from ${table} where ${where}`)))[0]; // prettier-ignore
  for (const partnerId of partnerIds) {
    const expected = await raw(`partner_id = ${partnerId}`);
    for (const table of [
      'stats_hourly',
      'stats_daily',
      'stats_network_hourly',
      'stats_network_daily',
      'stats_partner_hourly',
      'stats_partner_daily',
      'stats_pair_daily',
      'stats_partner_weekly',
      'stats_pair_weekly',
    ])
      // prettier-ignore
      expect(await rolled(table, `partner_id = ${partnerId}`), `${table} ${partnerId}`).toEqual(expected);
  }
  const offer = await raw(`offer_id = ${offerId} and partner_id is not null`);
  for (const table of [
    'stats_offer_hourly',
    'stats_offer_daily',
    'stats_offer_weekly',
    'stats_landing_daily',
    'stats_landing_weekly',
  ])
    expect(await rolled(table, `offer_id = ${offerId}`), table).toEqual(offer);
}

describe('POST /staff/conversion-scrubs (preview)', () => {
  it('previews counts, money at stake per partner, samples and per-line errors, changing nothing', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD-A1');
    const a2 = await s.convert(s.mine.partnerId, 'ORD-A2', { goal: 'sale', amount: '100.00' });
    const b1 = await s.convert(s.theirs.partnerId, 'ORD-B1');
    const b0 = await s.convert(s.theirs.partnerId, 'ORD-B0');
    expectOk(
      await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id: b0 }, body: { reason: 'fraud' } }, finance), // prettier-ignore
    );
    const advertiserId = await advertiserOf(a1);
    const csv = [
      'transaction_id,reason',
      'ORD-A1,refund',
      'ORD-A2,Customer returned half the order',
      '',
      'ORD-B1',
      'ORD-B0,chargeback',
      'ORD-ZZ,refund',
      ',refund',
      'ORD-A1,fraud',
      `${'X'.repeat(256)},refund`,
      'ORD-C1,refund,extra',
    ].join('\n');
    const res = await upload(advertiserId, csv, finance, 'May scrub from the shop');
    expectOk(res);
    const scrub = okBody(res).data;
    expect(scrub).toMatchObject({
      advertiserId,
      advertiserName: 'Fixture Advertiser',
      fileName: 'scrub-may.csv',
      note: 'May scrub from the shop',
      status: 'previewed',
      result: null,
      appliedAt: null,
    });
    expect(scrub.preview.counts).toEqual({ lines: 9, found: 3, alreadyRejected: 1, unknown: 1, errors: 4 });
    expect(scrub.preview.partners).toEqual([
      { partnerId: s.mine.partnerId, partnerName: `Alpha Media #${s.mine.partnerId}`, currency: 'EUR', conversions: 2, payout: 1400, revenue: 2100 }, // prettier-ignore
      { partnerId: s.theirs.partnerId, partnerName: `Beta Leads #${s.theirs.partnerId}`, currency: 'EUR', conversions: 1, payout: 400, revenue: 600 }, // prettier-ignore
    ]);
    expect(scrub.preview.samples.found.map((l) => [l.line, l.transactionId, l.reason, l.note, l.conversionId])).toEqual(
      [
        [2, 'ORD-A1', 'refund', null, a1],
        [3, 'ORD-A2', 'other', 'Customer returned half the order', a2],
        [5, 'ORD-B1', 'other', null, b1],
      ],
    );
    expect(scrub.preview.samples.alreadyRejected).toMatchObject([
      { line: 6, transactionId: 'ORD-B0', conversionId: b0 },
    ]);
    expect(scrub.preview.samples.unknown).toMatchObject([{ line: 7, transactionId: 'ORD-ZZ', conversionId: null, partnerName: null }]); // prettier-ignore
    expect(scrub.preview.samples.errors.map((e) => [e.line, e.error])).toEqual([
      [8, 'emptyId'],
      [9, 'duplicateLine'],
      [10, 'idTooLong'],
      [11, 'tooManyColumns'],
    ]);
    expect(scrub.preview.samples.errors[0]!.message).toBe('The transaction id is empty.');
    // Nothing changed yet.
    expect(await statusOf([a1, a2, b1])).toEqual({ [a1]: 'approved', [a2]: 'approved', [b1]: 'approved' });
    // The upload is audited.
    const audit = okBody(
      await callEndpoint(t.app, auditEndpoints.auditLog, { query: { entityType: 'conversion_scrub', entityId: String(scrub.id) } }, admin), // prettier-ignore
    ).data;
    expect(audit.map((a) => a.action)).toEqual(['create']);
    // The upload form's advertisers, for every writer.
    const names = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.advertisers, {}, manager.token)).data;
    expect(names).toContainEqual({ id: advertiserId, name: 'Fixture Advertiser' });
    // The preview again, and the list.
    expect(okBody(await callEndpoint(t.app, conversionScrubsEndpoints.get, { params: { id: scrub.id } }, admin)).data).toEqual(scrub); // prettier-ignore
    const list = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.list, { query: {} }, finance));
    expect(list.data[0]).toMatchObject({ id: scrub.id, counts: scrub.preview.counts, status: 'previewed' });
  });

  it('reads semicolons, a BOM and quoted ids; refuses an unknown advertiser, unreadable CSV, too many lines, too many bytes', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD;1');
    const advertiserId = await advertiserOf(a1);
    const semi = okBody(await upload(advertiserId, '\uFEFF"ORD;1";test_order\r\n')).data;
    expect(semi.preview.counts).toMatchObject({ lines: 1, found: 1, errors: 0 });
    expect(semi.preview.samples.found[0]).toMatchObject({ transactionId: 'ORD;1', reason: 'test_order' });

    const unknownAdvertiser = await upload(2_000_000, 'ORD-1');
    expectError(unknownAdvertiser, 400);
    expect(unknownAdvertiser.body.errors).toEqual({ advertiserId: 'No advertiser has this id.' });

    const unreadable = await upload(advertiserId, 'ORD-1\n"ORD-2,refund\n');
    expectError(unreadable, 400);
    expect(unreadable.body.errors?.['file.data']).toMatch(/not a readable CSV/);

    expectError(await upload(advertiserId, '\n\n'), 400);

    const lines = Array.from({ length: SCRUB_MAX_LINES + 1 }, (_, i) => `T${i}`).join('\n');
    const tooMany = await upload(advertiserId, lines);
    expectError(tooMany, 400);
    expect(tooMany.body.message).toMatch(/more than 50,000 lines/);
    // Exactly the limit, with a header row, is fine.
    const atLimit = await upload(advertiserId, `transaction_id\n${lines.slice(0, lines.lastIndexOf('\n'))}`);
    expectOk(atLimit);
    expect(okBody(atLimit).data.preview.counts).toMatchObject({ lines: SCRUB_MAX_LINES, unknown: SCRUB_MAX_LINES });

    const tooLarge = await upload(advertiserId, Buffer.alloc(SCRUB_MAX_BYTES + 1, 'A'));
    expectError(tooLarge, 413);
    expect(tooLarge.body.message).toMatch(/5 MB at most/);
  });
});

describe('POST /staff/conversion-scrubs as multipart/form-data', () => {
  /** A form as `curl -F advertiserId=… -F note=… -F file=@scrub.csv` sends it. */
  const form = (fields: Record<string, string>, csv: string | Buffer) => {
    const boundary = '----scrub-boundary-7MA4YWxkTrZu0gW';
    const chunks: Buffer[] = [];
    for (const [name, value] of Object.entries(fields))
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scrub.csv"\r\nContent-Type: text/csv\r\n\r\n`)); // prettier-ignore
    chunks.push(typeof csv === 'string' ? Buffer.from(csv) : csv);
    chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const post = (body: ReturnType<typeof form>, token = finance) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/conversion-scrubs',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });

  it('previews the same file sent as a form, with the same field errors and limits', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD-M1');
    const advertiserId = await advertiserOf(a1);
    const res = await post(form({ advertiserId: String(advertiserId), note: 'May scrub' }, 'transaction_id,reason\nORD-M1,refund\nORD-404\n')); // prettier-ignore
    expect(res.statusCode, res.body).toBe(200);
    const scrub = res.json().data as { id: number; fileName: string; preview: { counts: Record<string, number> } };
    expect(scrub.preview.counts).toMatchObject({ lines: 2, found: 1, unknown: 1 });
    expect(scrub.fileName).toBe('scrub.csv');
    // Nothing changed until the apply.
    expect(await statusOf([a1])).toEqual({ [a1]: 'approved' });

    const missing = await post(form({ note: 'no advertiser' }, 'ORD-M1\n'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('advertiserId');
    const tooLarge = await post(form({ advertiserId: String(advertiserId) }, Buffer.alloc(SCRUB_MAX_BYTES + 1, 'A')));
    expect(tooLarge.statusCode).toBe(413);
    // Routes outside the scrub files' stay JSON only.
    const body = form({ reason: 'refund' }, 'x');
    const elsewhere = await t.app.inject({ method: 'POST', url: `/api/v1/staff/conversions/${a1}/reverse`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${finance}` } }); // prettier-ignore
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('POST /staff/conversion-scrubs/{id}/apply', () => {
  it('reverses every found conversion in one go, ledger lines carry the scrub; twice changes nothing', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD-A1');
    const a2 = await s.convert(s.mine.partnerId, 'ORD-A2', { goal: 'sale', amount: '100.00' });
    const b1 = await s.convert(s.theirs.partnerId, 'ORD-B1');
    const b2 = await s.convert(s.theirs.partnerId, 'ORD-B2');
    const advertiserId = await advertiserOf(a1);
    const scrub = okBody(await upload(advertiserId, 'ORD-A1,refund\nORD-A2,Half returned\nORD-B1\nORD-B2,fraud\nORD-NONE', finance, 'From the May file')).data; // prettier-ignore
    // Reversed by hand between preview and apply: skipped.
    expectOk(
      await callEndpoint(t.app, conversionChangesEndpoints.reverse, { params: { id: b2 }, body: { reason: 'chargeback' } }, admin), // prettier-ignore
    );
    clock.advance(60_000);
    const res = await apply(scrub.id);
    expectOk(res);
    const done = okBody(res).data;
    expect(done.alreadyApplied).toBe(false);
    expect(done.scrub).toMatchObject({ status: 'applied', appliedAt: clock.now().toISOString(), appliedById: staff[1]!.userId }); // prettier-ignore
    expect(done.scrub.result).toEqual({ reversed: 3, skipped: 1, alreadyRejected: 0, unknown: 1 });
    expect(await statusOf([a1, a2, b1, b2])).toEqual({
      [a1]: 'rejected:refund',
      [a2]: 'rejected:other',
      [b1]: 'rejected:other',
      [b2]: 'rejected:chargeback',
    });
    const lines = await ledgerOf([a1, a2, b1]);
    expect(lines.map((l) => [l.conversionId, l.source, l.scrubId, l.reasonCode, l.note, l.payoutDelta])).toEqual([
      [a1, 'scrub', scrub.id, 'refund', 'From the May file', -400],
      [a2, 'scrub', scrub.id, 'other', 'Half returned', -1000],
      [b1, 'scrub', scrub.id, 'other', 'From the May file', -400],
    ]);
    await expectRollupsMatchRows([s.mine.partnerId, s.theirs.partnerId], s.offerId);
    // The apply is audited, beside each conversion's own entry.
    const audit = okBody(
      await callEndpoint(t.app, auditEndpoints.auditLog, { query: { entityType: 'conversion_scrub', entityId: String(scrub.id) } }, admin), // prettier-ignore
    ).data;
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);

    // Twice: nothing more.
    const again = await apply(scrub.id, admin);
    expectOk(again);
    expect(okBody(again).data).toMatchObject({ alreadyApplied: true, scrub: { status: 'applied', result: done.scrub.result } }); // prettier-ignore
    expect(await ledgerOf([a1, a2, b1, b2])).toHaveLength(4);
    // Two applies at once: one reverses, the other waits for it and finds it applied.
    const c1 = await s.convert(s.mine.partnerId, 'ORD-C1');
    const c2 = await s.convert(s.theirs.partnerId, 'ORD-C2');
    const both = okBody(await upload(advertiserId, 'ORD-C1\nORD-C2\nORD-A1')).data;
    expect(both.preview.counts).toMatchObject({ found: 2, alreadyRejected: 1 });
    const answers = await Promise.all([apply(both.id, finance), apply(both.id, admin)]);
    expect(answers.map((r) => okBody(r as typeof res).data.alreadyApplied).sort()).toEqual([false, true]);
    expect(await ledgerOf([c1, c2])).toHaveLength(2);
    await expectRollupsMatchRows([s.mine.partnerId, s.theirs.partnerId], s.offerId);
  });

  it('applies all or nothing: a reversal failing half-way leaves every conversion, rollup and the scrub as they were', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD-A1');
    const a2 = await s.convert(s.mine.partnerId, 'ORD-A2');
    const a3 = await s.convert(s.mine.partnerId, 'ORD-A3');
    const advertiserId = await advertiserOf(a1);
    const scrub = okBody(await upload(advertiserId, 'ORD-A1\nORD-A2\nORD-A3')).data;
    // The database refuses the second reversal's ledger line, after the first was written in the same transaction.
    await t.database.db.execute(
      sql.raw(`create function scrub_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.conversion_id = ${a2} then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger scrub_test_refuse before insert on conversion_adjustments
        for each row execute function scrub_test_refuse()`),
    );
    try {
      const res = await apply(scrub.id);
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger scrub_test_refuse on conversion_adjustments'));
      await t.database.db.execute(sql.raw('drop function scrub_test_refuse()'));
    }
    expect(await statusOf([a1, a2, a3])).toEqual({ [a1]: 'approved', [a2]: 'approved', [a3]: 'approved' });
    expect(await ledgerOf([a1, a2, a3])).toEqual([]);
    const [row] = await t.database.db.select().from(conversionScrubs).where(eq(conversionScrubs.id, scrub.id));
    expect(row).toMatchObject({ status: 'previewed', appliedAt: null });
    await expectRollupsMatchRows([s.mine.partnerId], s.offerId);
    // Once the cause is gone, it applies.
    expect(okBody(await apply(scrub.id)).data.scrub.result).toMatchObject({ reversed: 3 });
  });

  it('shows a manager only its partners’ conversions (others count as unknown) and only its own scrubs', async () => {
    const s = await setting();
    const a1 = await s.convert(s.mine.partnerId, 'ORD-A1');
    const b1 = await s.convert(s.theirs.partnerId, 'ORD-B1');
    const advertiserId = await advertiserOf(a1);
    const res = await upload(advertiserId, 'ORD-A1\nORD-B1\nORD-X', manager.token);
    expectOk(res);
    const scrub = okBody(res).data;
    expect(scrub.preview.counts).toMatchObject({ found: 1, unknown: 2 });
    expect(scrub.preview.partners.map((p) => p.partnerId)).toEqual([s.mine.partnerId]);
    expect(scrub.preview.samples.unknown).toMatchObject([
      { transactionId: 'ORD-B1', conversionId: null, partnerName: null, payout: null },
      { transactionId: 'ORD-X', conversionId: null },
    ]);
    // Another manager neither sees nor applies it.
    expectError(await callEndpoint(t.app, conversionScrubsEndpoints.get, { params: { id: scrub.id } }, otherManager.token), 404); // prettier-ignore
    expectError(await apply(scrub.id, otherManager.token), 404);
    const theirList = okBody(await callEndpoint(t.app, conversionScrubsEndpoints.list, { query: {} }, otherManager.token)); // prettier-ignore
    expect(theirList.data.map((l) => l.id)).not.toContain(scrub.id);
    // Applied by its manager: only its partner's conversion.
    expect(okBody(await apply(scrub.id, manager.token)).data.scrub.result).toEqual({ reversed: 1, skipped: 0, alreadyRejected: 0, unknown: 2 }); // prettier-ignore
    expect(await statusOf([a1, b1])).toEqual({ [a1]: 'rejected:other', [b1]: 'approved' });
    // A partner cannot reach the endpoints at all.
    const partnerToken = await login(t, s.mine.email, s.mine.password);
    expectError(await upload(advertiserId, 'ORD-A1', partnerToken), 403);
  });
});
