import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  auditEndpoints,
  documentsEndpoints,
  filesEndpoints,
  offersEndpoints,
  staffEndpoints,
} from '@portal/contracts';
import { auditLog, notifications, partners } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  createTeam,
  dataUrl,
  errorBody,
  expectError,
  expectOk,
  invalid,
  login,
  okBody,
  type CallInput,
  samplePdf,
  testClock,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

/** Decision 040: partners managed end to end, and the application and document queues. */
describe('the staff console’s partners and queues (decision 040)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-06-10T09:00:00Z'));
  let admin: string;
  let teamManager: string;
  let am: { userId: number; token: string };
  let teammate: { userId: number };
  let otherAm: { userId: number; token: string };
  let outsider: { userId: number };
  const tag = `Zq${Date.now().toString(36)}`;

  type Body<E extends keyof typeof staffEndpoints> = CallInput<(typeof staffEndpoints)[E]>['body'];
  type Query<E extends keyof typeof staffEndpoints> = CallInput<(typeof staffEndpoints)[E]>['query'];
  const list = (token: string, query: Query<'listPartners'>) =>
    callEndpoint(t.app, staffEndpoints.listPartners, { query }, token);
  const listData = async (token: string, query: Query<'listPartners'>) => okBody(await list(token, query));
  const profile = (token: string, id: number) => callEndpoint(t.app, staffEndpoints.partner, { params: { id } }, token);
  const save = (token: string, id: number, body: Body<'updatePartner'>) =>
    callEndpoint(t.app, staffEndpoints.updatePartner, { params: { id }, body }, token);
  const auditOf = async (token: string, partnerId: number) =>
    okBody(await callEndpoint(t.app, auditEndpoints.auditLog, { query: { partnerId } }, token)).data;
  const applications = (token: string, query: Query<'applications'>) =>
    callEndpoint(t.app, staffEndpoints.applications, { query }, token);
  const decideApplications = (token: string, body: Body<'decideApplications'>) =>
    callEndpoint(t.app, staffEndpoints.decideApplications, { body }, token);
  const decideDocuments = (token: string, body: Body<'decideDocuments'>) =>
    callEndpoint(t.app, staffEndpoints.decideDocuments, { body }, token);
  const documentQueue = (token: string, query: Query<'documents'>) =>
    callEndpoint(t.app, staffEndpoints.documents, { query }, token);
  const setCompliance = (token: string, body: Body<'updateComplianceSettings'>) =>
    callEndpoint(t.app, staffEndpoints.updateComplianceSettings, { body }, token);
  const configOf = async (token: string) => okBody(await callEndpoint(t.app, accountEndpoints.config, {}, token)).data;

  async function signedInPartner(accountManagerId: number | null, companyName?: string, status = 'active') {
    const p = await createPartner(t, { accountManagerId, ...(companyName ? { companyName } : {}), status });
    const token = status === 'active' ? await login(t, p.email, p.password) : null;
    return { ...p, token };
  }

  async function upload(token: string | null, type: 'proof_of_identity' | 'signed_contract') {
    const res = await callEndpoint(
      t.app,
      documentsEndpoints.create,
      { body: { type, document: { filename: `${type}.pdf`, data: dataUrl(samplePdf(), 'application/pdf') } } },
      token,
    );
    expectOk(res);
    return res.body.data;
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = await login(t, a.email, a.password);
    const team = await createTeam(t);
    const tm = await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: team });
    teamManager = await login(t, tm.email, tm.password);
    const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team });
    am = { userId: m.userId, token: await login(t, m.email, m.password) };
    teammate = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team });
    const o = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    otherAm = { userId: o.userId, token: await login(t, o.email, o.password) };
    outsider = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: await createTeam(t) });
  });
  afterAll(async () => t?.close());

  describe('GET /staff/partners', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (const [name, status] of [
        [`${tag} Alpha Media`, 'active'],
        [`${tag} Beta 50% Deals`, 'suspended'],
        [`${tag} Gamma Apps`, 'pending'],
        [`${tag} Delta Ads`, 'active'],
      ] as const) {
        ids.push((await createPartner(t, { accountManagerId: am.userId, companyName: name, status })).partnerId);
      }
      await t.database.db.update(partners).set({ accountType: 'mediabuy' }).where(eq(partners.id, ids[3]!));
    });

    it('searches the company name, the e-mail and the id, with LIKE wildcards taken literally', async () => {
      const byName = await list(admin, { q: tag, sortName: 'companyName', sortOrder: 'asc' });
      expectOk(byName);
      expect(byName.body.data.map((p) => p.companyName)).toEqual([
        `${tag} Alpha Media`,
        `${tag} Beta 50% Deals`,
        `${tag} Delta Ads`,
        `${tag} Gamma Apps`,
      ]);
      expect(byName.body.total).toBe(4);
      const percent = await listData(admin, { q: `${tag} Beta 50%` });
      expect(percent.data).toHaveLength(1);
      const wildcard = await listData(admin, { q: `${tag}%Apps` });
      expect(wildcard.total).toBe(0);
      const byId = await listData(admin, { q: `#${ids[2]}` });
      expect(byId.data.map((p) => p.id)).toContain(ids[2]);
      const [row] = await t.database.db.select().from(partners).where(eq(partners.id, ids[0]!));
      const byEmail = await listData(admin, { q: row!.email.toUpperCase() });
      expect(byEmail.data.map((p) => p.id)).toEqual([ids[0]]);
    });

    it('filters by status, account manager, account type and missing documents, and pages without overlap', async () => {
      const q = tag;
      expect((await listData(admin, { q, status: 'suspended' })).data.map((p) => p.id)).toEqual([ids[1]]);
      expect((await listData(admin, { q, accountType: 'mediabuy' })).data.map((p) => p.id)).toEqual([ids[3]]);
      expect((await listData(admin, { q, accountManagerId: am.userId })).total).toBe(4);
      expect((await listData(admin, { q, accountManagerId: otherAm.userId })).total).toBe(0);
      const flagged = await listData(admin, { q, documents: 'missing' });
      expect(flagged.total).toBe(4);
      expect(flagged.data[0]!.missingDocuments).toEqual(['proof_of_identity', 'signed_contract']);
      const page1 = await listData(admin, { q, count: 3, page: 1, sortName: 'id', sortOrder: 'asc' });
      const page2 = await listData(admin, { q, count: 3, page: 2, sortName: 'id', sortOrder: 'asc' });
      expect(page1.total).toBe(4);
      expect([...page1.data, ...page2.data].map((p) => p.id)).toEqual(ids);
      const row = page1.data[0];
      expect(row).toMatchObject({
        displayName: `${tag} Alpha Media #${ids[0]}`,
        status: 'active',
        accountType: 'affiliate',
        accountManager: { id: am.userId },
      });
    });

    it('answers a clear 400 for a bad filter, never a 5xx', async () => {
      for (const [query, field] of [
        [{ status: 'bogus' }, 'status'],
        [{ sortName: 'password' }, 'sortName'],
        [{ accountManagerId: 'abc' }, 'accountManagerId'],
        [{ count: 0 }, 'count'],
        [{ unknown: 1 }, 'unknown'],
      ] as const) {
        const res = await list(admin, invalid(query));
        expectError(res, 400);
        expect(Object.keys(res.body.errors ?? {})).toContain(field);
      }
    });

    it('keeps each reader within its scope', async () => {
      const q = tag;
      expect((await listData(am.token, { q })).total).toBe(4);
      expect((await listData(teamManager, { q })).total).toBe(4);
      expect((await listData(otherAm.token, { q })).total).toBe(0);
    });
  });

  describe('GET and PUT /staff/partners/{id}', () => {
    it('shows everything the Partner holds, bank details masked for managers and clear for admins', async () => {
      const p = await signedInPartner(am.userId);
      await t.database.db
        .update(partners)
        .set({ iban: 'FR7630006000011234567890189', credentialPassword: 'secret', credentialUsername: 'pub' })
        .where(eq(partners.id, p.partnerId));
      const offer = await createOffer(t, { name: `${tag} offer detail`, requireApproval: true });
      await createApplication(t, p.partnerId, offer, 'pending');
      await upload(p.token, 'signed_contract');

      const mine = await profile(am.token, p.partnerId);
      expectOk(mine);
      const data = mine.body.data;
      expect(data).toMatchObject({
        id: p.partnerId,
        iban: '…0189',
        bankDetailsMasked: true,
        credentialUsername: 'pub',
        credentialPasswordSet: true,
        contacts: { main: { firstname: 'Pat' } },
        documents: { signed_contract: { status: 'pending', expired: false } },
        applications: [{ status: 'pending', offer: { id: offer } }],
        users: [{ email: p.email, enabled: true }],
        paymentTerms: 'net30',
      });
      expect(JSON.stringify(data)).not.toContain('secret');
      const asAdmin = okBody(await profile(admin, p.partnerId)).data;
      expect(asAdmin).toMatchObject({ iban: 'FR7630006000011234567890189', bankDetailsMasked: false });
    });

    it('answers 404 for another manager’s partner on every route, as if it did not exist', async () => {
      const p = await signedInPartner(am.userId);
      const params = { id: p.partnerId };
      expectError(await profile(otherAm.token, p.partnerId), 404);
      expectError(await save(otherAm.token, p.partnerId, { paymentTerms: 'net60' }), 404);
      expectError(await callEndpoint(t.app, staffEndpoints.partnerStatusHistory, { params }, otherAm.token), 404);
      expectError(
        await callEndpoint(
          t.app,
          staffEndpoints.changePartnerStatus,
          { params, body: { status: 'suspended' } },
          otherAm.token,
        ),
        404,
      );
      const [row] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      expect(row).toMatchObject({ paymentTerms: 'net30', status: 'active' });
      expectError(await profile(admin, 99999999), 404);
    });

    it('saves each editable field, audits each change field by field, and answers the new profile', async () => {
      const p = await signedInPartner(am.userId);
      const body: Body<'updatePartner'> = {
        accountType: 'mediabuy',
        paymentTerms: 'net60',
        paymentThreshold: 25_000,
        paymentCurrency: 'USD',
        paymentMethod: 'wire',
        allOffersAccess: false,
        prospect: true,
        typology: 'publisher',
        companyName: 'Renamed Ltd',
        companyStatus: 'ltd',
        companyRegistrationNumber: '12845730',
        companyVatNumber: 'GB284573019',
        address: '1 High Street',
        zipCode: 'E1 6AN',
        state: '',
        city: 'London',
        country: 'gb',
        email: `renamed-${p.partnerId}@example.test`,
        phoneNumber: '+44 20 7946 0000',
        websiteUrl: 'https://renamed.example',
      };
      const res = await save(am.token, p.partnerId, body);
      expectOk(res);
      expect(res.body).toMatchObject({ success: true, message: 'The partner was saved.' });
      expect(res.body.data).toMatchObject({
        ...body,
        state: null,
        country: 'GB',
        displayName: `Renamed Ltd #${p.partnerId}`,
      });
      const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.partnerId, p.partnerId));
      const update = entries.find((e) => e.action === 'update');
      const fields = (update!.changes as { field: string; before: unknown; after: unknown }[]).map((c) => c.field);
      expect(fields.sort()).toEqual(
        Object.keys(body)
          .filter((k) => k !== 'paymentMethod' && k !== 'state')
          .sort(),
      );
      expect(update!.changes).toContainEqual({ field: 'paymentTerms', before: 'net30', after: 'net60' });
      // The history tab reads the log for this partner.
      const history = await auditOf(am.token, p.partnerId);
      expect(history[0]).toMatchObject({ action: 'update', entityType: 'partner' });
      // Saving the same values again changes and logs nothing.
      await save(am.token, p.partnerId, body);
      const again = await t.database.db.select().from(auditLog).where(eq(auditLog.partnerId, p.partnerId));
      expect(again).toHaveLength(entries.length);
    });

    it('refuses a bad field with its own error and writes nothing', async () => {
      const p = await signedInPartner(am.userId);
      const other = await createPartner(t, { accountManagerId: am.userId });
      const [before] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      const cases: [object, string, number][] = [
        [{ paymentTerms: 'net45', city: 'Nowhere' }, 'paymentTerms', 400],
        [{ paymentThreshold: -1 }, 'paymentThreshold', 400],
        [{ paymentThreshold: 10.5 }, 'paymentThreshold', 400],
        [{ paymentCurrency: 'XXX' }, 'paymentCurrency', 400],
        [{ paymentMethod: 'cheque' }, 'paymentMethod', 400],
        [{ accountType: 'vip' }, 'accountType', 400],
        [{ typology: 'not-a-typology', city: 'Nowhere' }, 'typology', 400],
        [{ companyStatus: 'plc-x' }, 'companyStatus', 400],
        [{ country: 'ZZ' }, 'country', 400],
        [{ companyName: '' }, 'companyName', 400],
        [{ email: 'not-an-email' }, 'email', 400],
        [{ websiteUrl: 'ftp://x.example' }, 'websiteUrl', 400],
        [{ status: 'active' }, 'status', 400],
        [{ email: other.email, city: 'Nowhere' }, 'email', 409],
      ];
      for (const [payload, field, status] of cases) {
        const res = await save(am.token, p.partnerId, invalid(payload));
        expectError(res, status);
        expect(Object.keys(res.body.errors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      const [after] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      expect(after).toEqual(before);
    });

    it('lets admins and team managers reassign a partner, a team manager only within its team', async () => {
      const p = await signedInPartner(am.userId);
      const id = p.partnerId;
      const own = await save(am.token, id, { accountManagerId: teammate.userId });
      expectError(own, 403);
      expect(own.body.errors).toHaveProperty('accountManagerId');
      const away = await save(teamManager, id, { accountManagerId: outsider.userId });
      expectError(away, 400);
      expect(away.body.errors?.accountManagerId).toBe('Choose an account manager of your team.');
      expectError(await save(teamManager, id, { accountManagerId: null }), 400);
      const partnerUser = await save(admin, id, { accountManagerId: p.userId });
      expect(errorBody(partnerUser, 400).errors?.accountManagerId).toBe('Choose an enabled account manager.');
      const moved = await save(teamManager, id, { accountManagerId: teammate.userId });
      expectOk(moved);
      expect(moved.body.data).toMatchObject({
        accountManagerId: teammate.userId,
        accountManager: { id: teammate.userId },
      });
      // The former manager no longer reaches it; the admin moves it anywhere.
      expectError(await profile(am.token, id), 404);
      expect((await save(admin, id, { accountManagerId: outsider.userId })).status).toBe(200);
      const history = await auditOf(admin, p.partnerId);
      expect(history.map((e) => e.changes[0])).toEqual([
        expect.objectContaining({ field: 'accountManagerId', before: teammate.userId, after: outsider.userId }),
        expect.objectContaining({ field: 'accountManagerId', before: am.userId, after: teammate.userId }),
      ]);
    });

    it('edits a pending registration before it is approved', async () => {
      const p = await signedInPartner(am.userId, undefined, 'pending');
      const res = await save(am.token, p.partnerId, { companyName: 'Fixed Typo SAS' });
      expectOk(res);
      expect(res.body.data).toMatchObject({ status: 'pending', companyName: 'Fixed Typo SAS' });
    });
  });

  describe('the queues', () => {
    it('filters applications by partner and offer, and decides many at once with the reason in each notification', async () => {
      const a = await signedInPartner(am.userId);
      const b = await signedInPartner(am.userId);
      const offer1 = await createOffer(t, { name: `${tag} bulk 1`, requireApproval: true });
      const offer2 = await createOffer(t, { name: `${tag} bulk 2`, requireApproval: true });
      const ids = [
        await createApplication(t, a.partnerId, offer1, 'pending'),
        await createApplication(t, a.partnerId, offer2, 'pending'),
        await createApplication(t, b.partnerId, offer1, 'pending'),
      ];
      const byPartner = okBody(await applications(am.token, { partnerId: a.partnerId }));
      expect(byPartner.data.map((r) => r.id)).toEqual(ids.slice(0, 2));
      const byOffer = okBody(await applications(am.token, { offerId: offer1 }));
      expect(byOffer.data.map((r) => r.id)).toEqual([ids[0], ids[2]]);

      const res = await decideApplications(am.token, {
        ids,
        status: 'refused',
        reason: 'Your traffic sources do not fit this advertiser.',
      });
      expectOk(res);
      expect(res.body).toMatchObject({ data: { decided: 3, unchanged: 0 }, message: '3 applications were decided.' });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, a.partnerId));
      expect(notes.filter((n) => n.kind === 'application_decided')).toHaveLength(2);
      expect(notes[0]).toMatchObject({ body: 'Reason: Your traffic sources do not fit this advertiser.' });
      const partnerView = okBody(await callEndpoint(t.app, offersEndpoints.applications, {}, a.token)).data;
      expect(partnerView.every((r) => r.status === 'refused')).toBe(true);
    });

    it('decides all or none: one application out of reach refuses the whole batch', async () => {
      const mine = await signedInPartner(am.userId);
      const theirs = await signedInPartner(otherAm.userId);
      const offer = await createOffer(t, { name: `${tag} all-or-none`, requireApproval: true });
      const ok = await createApplication(t, mine.partnerId, offer, 'pending');
      const foreign = await createApplication(t, theirs.partnerId, offer, 'pending');
      const res = await decideApplications(am.token, { ids: [ok, foreign], status: 'active' });
      expectError(res, 404);
      expect(res.body.errors).toEqual({ 'ids.1': 'Not found.' });
      const pending = okBody(await applications(am.token, { partnerId: mine.partnerId }));
      expect(pending.data.map((r) => r.id)).toEqual([ok]);
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, mine.partnerId));
      expect(notes).toHaveLength(0);
      for (const payload of [
        { ids: [], status: 'active' },
        { ids: [ok, ok], status: 'active' },
        { ids: [ok], status: 'pending' },
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 'active' },
      ]) {
        expectError(await decideApplications(am.token, invalid(payload)), 400);
      }
    });

    it('decides many documents at once, opens a file through a signed link, and stays in scope', async () => {
      const a = await signedInPartner(am.userId);
      const b = await signedInPartner(am.userId);
      const docA = await upload(a.token, 'proof_of_identity');
      const docB = await upload(b.token, 'proof_of_identity');
      const queue = okBody(await documentQueue(am.token, { type: 'proof_of_identity', partnerId: a.partnerId }));
      expect(queue.data).toMatchObject([
        { id: docA.id, status: 'pending', expired: false, document: { id: docA.document!.id } },
      ]);
      // The staff member opens the file: a signed link; another manager does not find it.
      const fileLink = (token: string) =>
        callEndpoint(t.app, filesEndpoints.url, { params: { id: docA.document!.id } }, token);
      const link = await fileLink(am.token);
      expectOk(link);
      // The signed link itself, as the browser follows it.
      const download = await t.app.inject({
        method: 'GET',
        url: new URL(link.body.data.url).pathname + new URL(link.body.data.url).search,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expectError(await fileLink(otherAm.token), 404);
      expectError(await decideDocuments(otherAm.token, { ids: [docA.id], status: 'approved' }), 404);
      const res = await decideDocuments(am.token, { ids: [docA.id, docB.id], status: 'approved' });
      expect(res.body).toMatchObject({ data: { decided: 2, unchanged: 0 } });
      const config = await configOf(a.token!);
      expect(config.partner?.documents.proof_of_identity).toMatchObject({ status: 'approved', expired: false });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, b.partnerId));
      expect(notes).toMatchObject([{ kind: 'document_reviewed', title: 'Your proof of identity was approved.' }]);
    });

    it('shows an expired document as expired to staff and the partner, and flags the partner', async () => {
      const p = await signedInPartner(am.userId);
      const identity = await upload(p.token, 'proof_of_identity');
      const contract = await upload(p.token, 'signed_contract');
      for (const [doc, expireAt] of [
        [identity, '2027-01-01'],
        [contract, '2026-06-12'],
      ] as const) {
        const res = await callEndpoint(
          t.app,
          documentsEndpoints.review,
          { params: { id: doc.id }, body: { status: 'approved', expireAt } },
          am.token,
        );
        expect(res.status).toBe(200);
      }
      const summary = async () =>
        (await listData(am.token, { q: `#${p.partnerId}` })).data.find((r) => r.id === p.partnerId);
      expect((await summary())?.missingDocuments).toEqual([]);

      clock.advance(2 * 24 * 3600 * 1000); // 2026-06-12 09:00: the contract expired at 00:00 UTC.
      expect((await summary())?.missingDocuments).toEqual(['signed_contract']);
      const expired = okBody(await documentQueue(am.token, { status: 'all', expired: 'true', partnerId: p.partnerId }));
      expect(expired.data).toMatchObject([{ id: contract.id, expired: true, expireAt: '2026-06-12' }]);
      const seen = okBody(await profile(am.token, p.partnerId)).data;
      expect(seen.documents.signed_contract).toMatchObject({ status: 'approved', expired: true });
      expect(seen.documents.proof_of_identity).toMatchObject({ expired: false });
      const config = await configOf(p.token!);
      expect(config.partner?.documents.signed_contract).toMatchObject({ expired: true });

      // An admin narrows the required set: the partner is no longer flagged.
      const settings = await setCompliance(admin, { requiredDocumentTypes: ['proof_of_identity'] });
      expect(settings.status).toBe(200);
      expect((await summary())?.missingDocuments).toEqual([]);
      expectError(await setCompliance(am.token, { requiredDocumentTypes: [] }), 403);
      expectError(await setCompliance(admin, invalid({ requiredDocumentTypes: ['passport'] })), 400);
      await setCompliance(admin, { requiredDocumentTypes: ['proof_of_identity', 'signed_contract'] });
      const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'network_setting'));
      expect(logged.length).toBeGreaterThanOrEqual(2);
    });
  });
});
