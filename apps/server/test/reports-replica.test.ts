/**
 * Reports on a read replica (issue 51, decision 097), with a stand-in: a second, empty database whose lag the test
 * sets. Clicks are written to the primary only, so a report that counts them read the primary and one that counts
 * none read the replica. Within REPLICA_MAX_LAG_S the replica answers silently; past it the replica still answers
 * and the report says how old its data may be; past twice that, or with the replica unreachable, the primary answers.
 * Everything else (sign-in, the clicks themselves) never touches the replica.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkReportsEndpoints, statisticsEndpoints } from '@portal/contracts';
import { REPORT_LAG_HEADER } from '../src/lib/report-reads-hook.js';
import { buildTestApp, callEndpoint, createPartner, createStaff, databaseKind, login, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';

let t: TestApp;
let lag: number | Error = 0;

beforeAll(async () => {
  t = await buildTestApp({
    config: { replicaMaxLagS: 30 },
    reportsReplica: { lagSeconds: async () => (lag instanceof Error ? Promise.reject(lag) : lag) },
  });
});
afterAll(async () => t?.close());

describe(`reports on a replica (${databaseKind})`, () => {
  it('reads the replica within the lag, says how old past it, falls back to the primary past twice it', async () => {
    const partner = await createPartner(t);
    const token = await login(t, partner.email, partner.password);
    const admin = await createStaff(t, 'ROLE_ADMIN');
    const adminToken = await login(t, admin.email, admin.password);
    const offerId = await createOffer(t, { name: 'Replica', goals: [{ goal: 'registration', p1: { amount: 100 } }] });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
      expect(res.statusCode).toBe(302);
    }
    await t.app.tracking.buffer.flush();

    const read = async (seconds: number | Error) => {
      lag = seconds;
      t.app.ctx.reports.forget();
      const partnerRes = await callEndpoint(t.app, statisticsEndpoints.quickStats, {}, token);
      const staffRes = await callEndpoint(t.app, networkReportsEndpoints.homeNumbers, {}, adminToken);
      if (!partnerRes.ok || !staffRes.ok) throw new Error(`report answered ${partnerRes.status} / ${staffRes.status}`);
      return {
        partnerClicks: partnerRes.body.data.clicks,
        staffClicks: staffRes.body.data.today.clicks,
        lagHeader: partnerRes.headers[REPORT_LAG_HEADER] ?? null,
        staffLagHeader: staffRes.headers[REPORT_LAG_HEADER] ?? null,
      };
    };

    // Caught up: the (empty) replica answers, nothing said.
    expect(await read(2)).toEqual({ partnerClicks: 0, staffClicks: 0, lagHeader: null, staffLagHeader: null });
    // Past REPLICA_MAX_LAG_S: still the replica, and how old its data may be.
    expect(await read(45)).toEqual({ partnerClicks: 0, staffClicks: 0, lagHeader: '45', staffLagHeader: '45' });
    // Past twice the limit: the primary, which holds the clicks.
    expect(await read(61)).toEqual({ partnerClicks: 3, staffClicks: 3, lagHeader: null, staffLagHeader: null });
    // The replica unreachable: the primary too.
    expect(await read(new Error('connection refused'))).toMatchObject({ partnerClicks: 3, staffClicks: 3 });
  });
});
