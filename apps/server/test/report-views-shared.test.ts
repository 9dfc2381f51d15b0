import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisersEndpoints,
  conversionReviewEndpoints,
  networkReportsEndpoints,
  reportViewsEndpoints,
  staffOffersEndpoints,
} from '@portal/contracts';
import { auditLog, conversions, teams } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  errorBody,
  expectError,
  expectOk,
  login,
  okBody,
  testClock,
  type TestApp,
} from './helper.js';
import { setAllOffersAccess } from './offer-fixtures.js';
import { goalsWithoutFloor } from './conversion-fixtures.js';

/**
 * Decision 114: report views shared with a team, and the view pinned to the staff home. Team A: its team manager and
 * two account managers; team B: one account manager and a team manager who manages team A by name only
 * (teams.manager_id) but is a member of B, as the staff scope reads it; an admin and finance in no team.
 */
describe('shared report views and the home view (decision 114)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-03-10T12:00:00Z'));
  const token: Record<'admin' | 'tm' | 'tmB' | 'a1' | 'a2' | 'b1' | 'finance', string> = {} as never;
  const id: Record<keyof typeof token, number> = {} as never;

  const list = async (who: keyof typeof token) =>
    okBody(await callEndpoint(t.app, reportViewsEndpoints.list, {}, token[who])).data;
  const save = (who: keyof typeof token, body: { name: string; query: string; shared?: boolean }) =>
    callEndpoint(t.app, reportViewsEndpoints.create, { body }, token[who]);
  const update = (who: keyof typeof token, viewId: number, body: { name?: string; query?: string; shared?: boolean }) =>
    callEndpoint(t.app, reportViewsEndpoints.update, { params: { id: viewId }, body }, token[who]);
  const pin = (who: keyof typeof token, viewId: number | null) =>
    callEndpoint(t.app, reportViewsEndpoints.pinHomeView, { body: { viewId } }, token[who]);
  const home = async (who: keyof typeof token) =>
    okBody(await callEndpoint(t.app, reportViewsEndpoints.homeView, {}, token[who])).data;
  const reportTotals = async (
    who: keyof typeof token,
    breakdown: 'partner' | 'offer' | 'day',
    query: Record<string, string>,
  ) => {
    // prettier-ignore
    const rows = okBody(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown }, query }, token[who])).data; // prettier-ignore
    return rows.at(-1)!;
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now, config: { trustProxy: true, logLevel: 'error' } });
    await goalsWithoutFloor(t, ['registration', 'sale']);
    const teamA = await createTeam(t);
    const teamB = await createTeam(t);
    const people = {
      admin: await createStaff(t, 'ROLE_ADMIN'),
      tm: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: teamA }),
      tmB: await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: teamB }),
      a1: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: teamA }),
      a2: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: teamA }),
      b1: await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: teamB }),
      finance: await createStaff(t, 'ROLE_FINANCE'),
    };
    // Team A's manager column names tmB, a member of team B: the team is its members (decision 114), as the scope's.
    await t.database.db.update(teams).set({ managerId: people.tmB.userId }).where(eq(teams.id, teamA));
    for (const [who, p] of Object.entries(people)) {
      token[who as keyof typeof token] = await login(t, p.email, p.password);
      id[who as keyof typeof token] = p.userId;
    }

    // Traffic: a partner of a1 (team A) on a EUR offer, one of b1 (team B) on a USD offer of the same advertiser.
    const advertiser = okBody(await callEndpoint(t.app, advertisersEndpoints.create, { body: { name: 'View Ads' } }, token.admin)).data; // prettier-ignore
    const product = okBody(await callEndpoint(t.app, advertisersEndpoints.createProduct, { params: { id: advertiser.id }, body: { identifier: 'views', type: 'web', domain: 'views.example.com' } }, token.admin)).data; // prettier-ignore
    const offer = okBody(await callEndpoint(t.app, staffOffersEndpoints.create, { body: { name: 'View Offer', productId: product.id, conversionType: 'cpl', currency: 'EUR', defaultUrl: 'https://views.example.com/?c={click_id}', goals: [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }, { goal: 'sale', revenuePercent: 3000, payoutPercent: 1000, manualValidation: true }] } }, token.admin)).data; // prettier-ignore
    // Team B's partner sends its click to an offer paid in dollars: converted, it needs a rate the test has none of.
    const dollars = okBody(await callEndpoint(t.app, staffOffersEndpoints.create, { body: { name: 'Dollar Offer', productId: product.id, conversionType: 'cpl', currency: 'USD', defaultUrl: 'https://views.example.com/?c={click_id}', goals: [{ goal: 'registration', revenueAmount: 900, payoutAmount: 600 }] } }, token.admin)).data; // prettier-ignore
    const partnerA = await createPartner(t, { accountManagerId: people.a1.userId });
    const partnerB = await createPartner(t, { accountManagerId: people.b1.userId });
    const clickIds: string[] = [];
    for (const [partner, ip] of [
      [partnerA, '90.0.0.1'],
      [partnerA, '90.0.0.2'],
      [partnerA, '85.214.0.1'],
      [partnerB, '73.0.0.1'],
    ] as const) {
      // prettier-ignore
      await setAllOffersAccess(t, partner.partnerId, true);
      const res = await t.app.inject({ method: 'GET', url: `/click?offer_id=${partner === partnerB ? dollars.id : offer.id}&aff_id=${partner.partnerId}`, headers: { 'x-forwarded-for': ip } }); // prettier-ignore
      expect(res.statusCode, res.body).toBe(302);
      clickIds.push(new URL(res.headers.location as string).searchParams.get('c')!);
    }
    clock.advance(120_000);
    const postback = async (clickId: string, goal: string, amount?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/postback?${new URLSearchParams({ token: advertiser.securityToken, click_id: clickId, goal, ...(amount ? { amount } : {}) })}` }); // prettier-ignore
      expect(res.statusCode, res.body).toBe(200);
    };
    await postback(clickIds[0]!, 'registration'); // approved
    await postback(clickIds[1]!, 'sale', '100'); // pending
    await postback(clickIds[2]!, 'sale', '40'); // rejected below
    await postback(clickIds[3]!, 'registration'); // team B's
    await t.app.tracking.buffer.flush();
    const pending = await t.database.db.select().from(conversions).where(eq(conversions.status, 'pending'));
    const rejected = pending.find((c) => c.clickId === clickIds[2]) ?? pending.at(-1)!;
    expectOk(await callEndpoint(t.app, conversionReviewEndpoints.review, { params: { id: rejected.id }, body: { status: 'rejected', reason: 'fraud' } }, token.admin)); // prettier-ignore
  });
  afterAll(async () => t?.close());

  it('shows a shared view to its team and to admins with its owner’s name, never to another team', async () => {
    const shared = okBody(await save('a1', { name: 'Team partners', query: 'by=partner&then=offer&range=today', shared: true })).data; // prettier-ignore
    expect(shared).toMatchObject({ shared: true, mine: true, pinned: false, owner: { id: id.a1 } });
    okBody(await save('a1', { name: 'Mine only', query: 'by=day' }));
    const seen = (views: { name: string; mine: boolean; owner: { id: number } }[]) => views.map((v) => [v.name, v.mine, v.owner.id]); // prettier-ignore
    // The owner sees both, its own first; a teammate and the team's manager the shared one only, with the owner's name.
    expect(seen(await list('a1'))).toEqual([
      ['Mine only', true, id.a1],
      ['Team partners', true, id.a1],
    ]);
    expect(seen(await list('a2'))).toEqual([['Team partners', false, id.a1]]);
    expect((await list('a2'))[0]!.owner.name).toMatch(/^Sam Staff\d+$/);
    expect(seen(await list('tm'))).toEqual([['Team partners', false, id.a1]]);
    expect(seen(await list('admin'))).toEqual([['Team partners', false, id.a1]]);
    // Another team's member and finance (no team) see nothing of it: its id is not found for them.
    expect(await list('b1')).toEqual([]);
    expect(await list('tmB')).toEqual([]);
    expect(await list('finance')).toEqual([]);
    expectError(await update('b1', shared.id, { shared: false }), 404);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: shared.id } }, token.b1), 404);
    expectError(await pin('b1', shared.id), 404);
    expectError(await pin('finance', shared.id), 404);

    // A team manager's shared view reaches its team's members; b1's reaches its team (tmB), no one of team A.
    const tmView = okBody(await save('tm', { name: 'Managers', query: 'by=manager', shared: true })).data;
    expect((await list('a2')).map((v) => v.id)).toContain(tmView.id);
    const bView = okBody(await save('b1', { name: 'Team B', query: 'by=offer', shared: true })).data;
    expect((await list('a1')).map((v) => v.id)).not.toContain(bView.id);
    expect((await list('tmB')).map((v) => v.id)).toEqual([bView.id]);
    expect((await list('admin')).map((v) => v.id)).toContain(bView.id);

    // Sharing needs a team.
    const lone = await save('finance', { name: 'Finance', query: 'by=day', shared: true });
    expect(errorBody(lone, 409).errors).toHaveProperty('shared');
  });

  it('lets only the owner change or delete a view; others open, copy and pin it; every write audited', async () => {
    const view = (await list('a1')).find((v) => v.name === 'Team partners')!;
    const mine = (await list('a1')).find((v) => v.name === 'Mine only')!;
    // A teammate or an admin may not change or delete it (403: they see it), nor pin another's unshared view (404).
    expectError(await update('a2', view.id, { name: 'Hijacked' }), 403);
    expectError(await update('admin', view.id, { shared: false }), 403);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: view.id } }, token.a2), 403);
    expectError(await pin('a2', mine.id), 404);
    // Copying is saving its query as one's own.
    const copy = okBody(await save('a2', { name: view.name, query: view.query })).data;
    expect(copy).toMatchObject({ mine: true, shared: false, owner: { id: id.a2 }, query: view.query });
    expect(copy.id).not.toBe(view.id);
    // The owner renames it; a name it already uses is refused on that field.
    expect(errorBody(await update('a1', view.id, { name: 'Mine only' }), 409).errors).toHaveProperty('name');
    expect(okBody(await update('a1', view.id, { name: 'Team by partner' })).data.name).toBe('Team by partner');

    // A teammate pins it; unshared, it leaves the teammate's list and home; shared again, it is back.
    expect(okBody(await pin('a2', view.id)).data).toEqual({ viewId: view.id });
    expect((await list('a2')).find((v) => v.id === view.id)?.pinned).toBe(true);
    expect((await home('a2'))?.view.id).toBe(view.id);
    expectOk(await update('a1', view.id, { shared: false }));
    expect((await list('a2')).map((v) => v.id)).not.toContain(view.id);
    expect(await home('a2')).toBeNull();
    expectOk(await update('a1', view.id, { shared: true }));
    expect((await home('a2'))?.view.id).toBe(view.id);
    // Unpinned; and deleting a pinned view unpins it.
    expectOk(await pin('a2', null));
    expect(await home('a2')).toBeNull();
    expectOk(await pin('a2', copy.id));
    expectOk(await callEndpoint(t.app, reportViewsEndpoints.delete, { params: { id: copy.id } }, token.a2));
    expect(await home('a2')).toBeNull();

    const audit = await t.database.db.select().from(auditLog).where(and(inArray(auditLog.entityType, ['report_view', 'home_view']), inArray(auditLog.actorId, [id.a1, id.a2]))).orderBy(auditLog.id); // prettier-ignore
    const lines = audit.map((a) => [a.actorId === id.a1 ? 'a1' : 'a2', a.entityType, a.action, a.entityId, (a.changes as { field: string; before: unknown; after: unknown }[]).map((c) => `${c.field}:${String(c.before)}>${String(c.after)}`).join(' ')]); // prettier-ignore
    expect(lines).toEqual([
      ['a1', 'report_view', 'create', String(view.id), 'name:null>Team partners query:null>by=partner&then=offer&range=today shared:null>true'],
      ['a1', 'report_view', 'create', String(mine.id), 'name:null>Mine only query:null>by=day shared:null>false'],
      ['a2', 'report_view', 'create', String(copy.id), 'name:null>Team partners query:null>by=partner&then=offer&range=today shared:null>false'],
      ['a1', 'report_view', 'update', String(view.id), 'name:Team partners>Team by partner'],
      ['a2', 'home_view', 'update', String(id.a2), `viewId:null>${view.id}`],
      ['a1', 'report_view', 'update', String(view.id), 'shared:true>false'],
      ['a1', 'report_view', 'update', String(view.id), 'shared:false>true'],
      ['a2', 'home_view', 'update', String(id.a2), `viewId:${view.id}>null`],
      ['a2', 'home_view', 'update', String(id.a2), `viewId:null>${copy.id}`],
      ['a2', 'report_view', 'delete', String(copy.id), 'name:Team partners>null'],
    ]); // prettier-ignore
  });

  it('shows the pinned view’s totals as its report’s Totals, in the reader’s scope, its range computed today', async () => {
    const view = (await list('a1')).find((v) => v.name === 'Team by partner')!;
    for (const who of ['a1', 'tm', 'admin', 'a2'] as const) {
      expectOk(await pin(who, view.id));
      const answer = (await home(who))!;
      const totals = await reportTotals(who, 'partner', { then: 'offer', range: 'today' });
      expect(answer).toMatchObject({ breakdown: 'partner', then: 'offer', range: 'today', startDate: '2026-03-10', endDate: '2026-03-10', problem: null }); // prettier-ignore
      expect(answer.totals).toEqual(totals);
    }
    // What each reads is its own scope: team A's partner for its members' manager and its owner, everything for the
    // admin, nothing for a2, who manages no partner.
    const a1 = (await home('a1'))!.totals!;
    expect(a1).toMatchObject({ clicks: 3, conversions: 1, pendingConversions: 1, rejectedConversions: 1, payout: [{ currency: 'EUR', amount: 600 }], advertiserRevenue: [{ currency: 'EUR', amount: 900 }], margin: [{ currency: 'EUR', amount: 300 }] }); // prettier-ignore
    expect((await home('tm'))!.totals).toEqual(a1);
    expect((await home('admin'))!.totals).toMatchObject({ clicks: 4, conversions: 2 });
    expect((await home('a2'))!.totals).toMatchObject({ clicks: 0, conversions: 0 });

    // Fixed dates stay those dates; a view without range or dates reads the screen's last 30 days.
    const days = okBody(await save('admin', { name: 'March', query: 'by=day&startDate=2026-03-01&endDate=2026-03-10&partnerId=999999' })).data; // prettier-ignore
    expectOk(await pin('admin', days.id));
    expect(await home('admin')).toMatchObject({ range: null, startDate: '2026-03-01', endDate: '2026-03-10', totals: { clicks: 0 } }); // prettier-ignore
    const plain = okBody(await save('admin', { name: 'Offers', query: 'by=offer&columns=clicks,margin' })).data;
    expectOk(await pin('admin', plain.id));
    const offers = (await home('admin'))!;
    expect(offers).toMatchObject({ breakdown: 'offer', range: 'last_30_days', startDate: '2026-02-09', endDate: '2026-03-10' }); // prettier-ignore
    expect(offers.totals).toEqual(
      await reportTotals('admin', 'offer', { startDate: '2026-02-09', endDate: '2026-03-10' }),
    );
    expect(offers.totals?.payout).toEqual([
      { currency: 'EUR', amount: 600 },
      { currency: 'USD', amount: 600 },
    ]);
    // A saved query the report refuses, or a currency without a rate, says so instead of totals.
    const bad = okBody(await save('admin', { name: 'Bad', query: 'by=partner&country=FRA' })).data;
    expectOk(await pin('admin', bad.id));
    expect(await home('admin')).toMatchObject({ totals: null, problem: 'invalid' });
    const euros = okBody(await save('admin', { name: 'Euros', query: 'by=offer&currency=base&range=today' })).data;
    expectOk(await pin('admin', euros.id));
    expectError(await callEndpoint(t.app, networkReportsEndpoints.report, { params: { breakdown: 'offer' }, query: { currency: 'base', range: 'today' } }, token.admin), 409); // prettier-ignore
    expect(await home('admin')).toMatchObject({ totals: null, problem: 'noRate', startDate: null });
  });

  it('answers the pinned view’s columns and comparison, the previous period’s figures as its report’s (decision 117)', async () => {
    const compared = okBody(await save('admin', { name: 'Compared', query: 'by=offer&startDate=2026-03-11&endDate=2026-03-11&compare=previous&columns=margin,clicks,unknown' })).data; // prettier-ignore
    expectOk(await pin('admin', compared.id));
    const answer = (await home('admin'))!;
    // The known columns in the table's order; the comparison said, and the previous period's figures the report's.
    expect(answer).toMatchObject({ columns: ['clicks', 'margin'], compare: true, problem: null });
    const totals = await reportTotals('admin', 'offer', { startDate: '2026-03-11', endDate: '2026-03-11', compare: 'previous' }); // prettier-ignore
    expect(answer.totals).toEqual(totals);
    // Tomorrow has nothing yet; its previous period, today, holds the fixture's 4 clicks and 2 conversions.
    expect(answer.totals).toMatchObject({ clicks: 0, previous: { clicks: 4, conversions: 2 } });
    expect(answer.totals?.previous?.margin.length).toBeGreaterThan(0);
    // A view keeping no column choice, or no known column, and no comparison: nulls and false, no previous figures.
    const plain = okBody(await save('admin', { name: 'Plain', query: 'by=offer&range=today&columns=nothing' })).data;
    expectOk(await pin('admin', plain.id));
    const bare = (await home('admin'))!;
    expect(bare).toMatchObject({ columns: null, compare: false });
    expect(bare.totals?.previous).toBeUndefined();
  });

  it('refuses partners and bad input', async () => {
    const partner = await createPartner(t, {});
    const partnerToken = await login(t, partner.email, partner.password);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.homeView, {}, partnerToken), 403);
    expectError(await callEndpoint(t.app, reportViewsEndpoints.pinHomeView, { body: { viewId: 1 } }, partnerToken), 403); // prettier-ignore
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/staff/home/view', headers: { authorization: `Bearer ${token.a1}` }, payload: { viewId: 'x' } }); // prettier-ignore
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('viewId');
    expectError(await pin('a1', 2_000_000), 404);
  });
});
