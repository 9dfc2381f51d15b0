/**
 * Behind a load balancer (decision 107): an advertiser's postback can reach a server other than the one that took
 * its click, before that server's batch is written. A click id of the last minute that neither the server's buffer nor
 * the database knows answers 503 with Retry-After (the advertiser retries), not a permanent unknown_click; an older
 * one is still unknown_click.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversions, offers } from '../src/db/schema.js';
import { newClickId } from '../src/modules/click/click.js';
import { buildTestApp, createPartner, testClock, type TestApp } from './helper.js';
import { advertiserTokenOf, createOffer } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

const clock = testClock(new Date('2026-05-04T09:30:00Z'));
/** Two servers on one database; neither writes its clicks on a timer, only when a test flushes them. */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000 });
  second = await buildTestApp({ now: clock.now, clickFlushIntervalMs: 600_000, sameDatabaseAs: first });
  await goalsWithoutFloor(first, ['registration']); // the conversion rules are on (decision 109)
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function offerAndClick() {
  const partner = await createPartner(first);
  const offerId = await createOffer(first, { name: 'Two servers', goals: [{ goal: 'registration', p1: { amount: 250 } }] }); // prettier-ignore
  await first.database.db.update(offers).set({ defaultUrl: 'https://shop.example.com/?cid={click_id}' }).where(eq(offers.id, offerId)); // prettier-ignore
  const token = await advertiserTokenOf(first, offerId);
  const res = await first.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
  expect(res.statusCode).toBe(302);
  const clickId = new URL(res.headers.location as string).searchParams.get('cid')!;
  return { offerId, token, clickId };
}

const postbackTo = (app: TestApp, params: Record<string, string>) =>
  app.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams(params).toString()}` });

describe('a postback at another server than its click', () => {
  it('answers 503 with Retry-After while the click waits in the other server, then records it once written', async () => {
    const { token, clickId } = await offerAndClick();
    const params = { click_id: clickId, goal: 'registration', transaction_id: 'OTHER-1', token };

    const early = await postbackTo(second, params);
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('5');
    expect(early.json()).toMatchObject({ status: 503, errors: null });
    // Nothing recorded: the advertiser's retry is the one that counts.
    expect(await first.database.db.select().from(conversions).where(eq(conversions.clickId, clickId))).toEqual([]);

    await first.app.tracking.buffer.flush();
    clock.advance(5_000);
    const retried = await postbackTo(second, params);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'approved', reason: null, duplicate: false });
    const rows = await first.database.db.select().from(conversions).where(eq(conversions.clickId, clickId));
    expect(rows.map((r) => r.status)).toEqual(['approved']);
  });

  it('still rejects as unknown_click a click id older than a minute that no server knows', async () => {
    const { token } = await offerAndClick();
    const old = newClickId(new Date(clock.now().getTime() - 61_000));
    const res = await postbackTo(second, { click_id: old, goal: 'registration', transaction_id: 'OTHER-2', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'unknown_click' });
  });
});
