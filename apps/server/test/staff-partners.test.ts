import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, partners } from '../src/db/schema.js';
import {
  bearer,
  buildTestApp,
  createPartner,
  createStaff,
  createTeam,
  dataUrl,
  expectErrorObject,
  login,
  samplePdf,
  testClock,
  type TestApp,
} from './helper.js';
import { createApplication, createOffer } from './offer-fixtures.js';

/** Decision 040: partners managed end to end, and the application and document queues. */
describe('the staff console’s partners and queues (decision 040)', () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-06-10T09:00:00Z'));
  let admin: Record<string, string>;
  let teamManager: Record<string, string>;
  let am: { userId: number; headers: Record<string, string> };
  let teammate: { userId: number };
  let otherAm: { userId: number; headers: Record<string, string> };
  let outsider: { userId: number };
  const tag = `Zq${Date.now().toString(36)}`;

  const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
  const put = (headers: Record<string, string>, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
  const post = (headers: Record<string, string>, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const list = (headers: Record<string, string>, query: string) => get(headers, `/api/v1/staff/partners?${query}`);

  async function signedInPartner(accountManagerId: number | null, companyName?: string, status = 'active') {
    const p = await createPartner(t, { accountManagerId, ...(companyName ? { companyName } : {}), status });
    const headers = status === 'active' ? bearer(await login(t, p.email, p.password)) : {};
    return { ...p, headers };
  }

  async function upload(headers: Record<string, string>, type: string) {
    const res = await post(headers, '/api/v1/partner/compliance-document', {
      type,
      document: { filename: `${type}.pdf`, data: dataUrl(samplePdf(), 'application/pdf') },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; document: { id: number } };
  }

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    const a = await createStaff(t, 'ROLE_ADMIN');
    admin = bearer(await login(t, a.email, a.password));
    const team = await createTeam(t);
    const tm = await createStaff(t, 'ROLE_TEAM_MANAGER', { teamId: team });
    teamManager = bearer(await login(t, tm.email, tm.password));
    const m = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team });
    am = { userId: m.userId, headers: bearer(await login(t, m.email, m.password)) };
    teammate = await createStaff(t, 'ROLE_ACCOUNT_MANAGER', { teamId: team });
    const o = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    otherAm = { userId: o.userId, headers: bearer(await login(t, o.email, o.password)) };
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
      const byName = await list(admin, `q=${encodeURIComponent(tag)}&sortName=companyName&sortOrder=asc`);
      expect(byName.statusCode).toBe(200);
      expect(byName.json().data.map((p: { companyName: string }) => p.companyName)).toEqual([
        `${tag} Alpha Media`,
        `${tag} Beta 50% Deals`,
        `${tag} Delta Ads`,
        `${tag} Gamma Apps`,
      ]);
      expect(byName.json().total).toBe(4);
      const percent = await list(admin, `q=${encodeURIComponent(`${tag} Beta 50%`)}`);
      expect(percent.json().data).toHaveLength(1);
      const wildcard = await list(admin, `q=${encodeURIComponent(`${tag}%Apps`)}`);
      expect(wildcard.json().total).toBe(0);
      const byId = await list(admin, `q=%23${ids[2]}`);
      expect(byId.json().data.map((p: { id: number }) => p.id)).toContain(ids[2]);
      const [row] = await t.database.db.select().from(partners).where(eq(partners.id, ids[0]!));
      const byEmail = await list(admin, `q=${encodeURIComponent(row!.email.toUpperCase())}`);
      expect(byEmail.json().data.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    });

    it('filters by status, account manager, account type and missing documents, and pages without overlap', async () => {
      const q = `q=${encodeURIComponent(tag)}`;
      expect((await list(admin, `${q}&status=suspended`)).json().data.map((p: { id: number }) => p.id)).toEqual([
        ids[1],
      ]);
      expect((await list(admin, `${q}&accountType=mediabuy`)).json().data.map((p: { id: number }) => p.id)).toEqual([
        ids[3],
      ]);
      expect((await list(admin, `${q}&accountManagerId=${am.userId}`)).json().total).toBe(4);
      expect((await list(admin, `${q}&accountManagerId=${otherAm.userId}`)).json().total).toBe(0);
      const flagged = (await list(admin, `${q}&documents=missing`)).json();
      expect(flagged.total).toBe(4);
      expect(flagged.data[0].missingDocuments).toEqual(['proof_of_identity', 'signed_contract']);
      const page1 = (await list(admin, `${q}&count=3&page=1&sortName=id&sortOrder=asc`)).json();
      const page2 = (await list(admin, `${q}&count=3&page=2&sortName=id&sortOrder=asc`)).json();
      expect(page1.total).toBe(4);
      expect([...page1.data, ...page2.data].map((p: { id: number }) => p.id)).toEqual(ids);
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
        ['status=bogus', 'status'],
        ['sortName=password', 'sortName'],
        ['accountManagerId=abc', 'accountManagerId'],
        ['count=0', 'count'],
        ['unknown=1', 'unknown'],
      ]) {
        const res = await list(admin, query!);
        expectErrorObject(res, 400);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
    });

    it('keeps each reader within its scope', async () => {
      const q = `q=${encodeURIComponent(tag)}`;
      expect((await list(am.headers, q)).json().total).toBe(4);
      expect((await list(teamManager, q)).json().total).toBe(4);
      expect((await list(otherAm.headers, q)).json().total).toBe(0);
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
      await upload(p.headers, 'signed_contract');

      const mine = await get(am.headers, `/api/v1/staff/partners/${p.partnerId}`);
      expect(mine.statusCode).toBe(200);
      const data = mine.json().data;
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
      const asAdmin = (await get(admin, `/api/v1/staff/partners/${p.partnerId}`)).json().data;
      expect(asAdmin).toMatchObject({ iban: 'FR7630006000011234567890189', bankDetailsMasked: false });
    });

    it('answers 404 for another manager’s partner on every route, as if it did not exist', async () => {
      const p = await signedInPartner(am.userId);
      const url = `/api/v1/staff/partners/${p.partnerId}`;
      expectErrorObject(await get(otherAm.headers, url), 404);
      expectErrorObject(await put(otherAm.headers, url, { paymentTerms: 'net60' }), 404);
      expectErrorObject(await get(otherAm.headers, `${url}/status-history`), 404);
      expectErrorObject(await put(otherAm.headers, `${url}/status`, { status: 'suspended' }), 404);
      const [row] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      expect(row).toMatchObject({ paymentTerms: 'net30', status: 'active' });
      expectErrorObject(await get(admin, '/api/v1/staff/partners/99999999'), 404);
    });

    it('saves each editable field, audits each change field by field, and answers the new profile', async () => {
      const p = await signedInPartner(am.userId);
      const body = {
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
      const res = await put(am.headers, `/api/v1/staff/partners/${p.partnerId}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'The partner was saved.' });
      expect(res.json().data).toMatchObject({
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
      const history = await get(am.headers, `/api/v1/staff/audit-log?partnerId=${p.partnerId}`);
      expect(history.json().data[0]).toMatchObject({ action: 'update', entityType: 'partner' });
      // Saving the same values again changes and logs nothing.
      await put(am.headers, `/api/v1/staff/partners/${p.partnerId}`, body);
      const again = await t.database.db.select().from(auditLog).where(eq(auditLog.partnerId, p.partnerId));
      expect(again).toHaveLength(entries.length);
    });

    it('refuses a bad field with its own error and writes nothing', async () => {
      const p = await signedInPartner(am.userId);
      const other = await createPartner(t, { accountManagerId: am.userId });
      const [before] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      const url = `/api/v1/staff/partners/${p.partnerId}`;
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
        const res = await put(am.headers, url, payload);
        expectErrorObject(res, status);
        expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      const [after] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
      expect(after).toEqual(before);
    });

    it('lets admins and team managers reassign a partner, a team manager only within its team', async () => {
      const p = await signedInPartner(am.userId);
      const url = `/api/v1/staff/partners/${p.partnerId}`;
      const own = await put(am.headers, url, { accountManagerId: teammate.userId });
      expectErrorObject(own, 403);
      expect(own.json().errors).toHaveProperty('accountManagerId');
      const away = await put(teamManager, url, { accountManagerId: outsider.userId });
      expectErrorObject(away, 400);
      expect(away.json().errors.accountManagerId).toBe('Choose an account manager of your team.');
      expectErrorObject(await put(teamManager, url, { accountManagerId: null }), 400);
      const partnerUser = await put(admin, url, { accountManagerId: p.userId });
      expect(partnerUser.json().errors.accountManagerId).toBe('Choose an enabled account manager.');
      const moved = await put(teamManager, url, { accountManagerId: teammate.userId });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({
        accountManagerId: teammate.userId,
        accountManager: { id: teammate.userId },
      });
      // The former manager no longer reaches it; the admin moves it anywhere.
      expectErrorObject(await get(am.headers, url), 404);
      expect((await put(admin, url, { accountManagerId: outsider.userId })).statusCode).toBe(200);
      const history = (await get(admin, `/api/v1/staff/audit-log?partnerId=${p.partnerId}`)).json().data;
      expect(history.map((e: { changes: unknown[] }) => e.changes[0])).toEqual([
        { field: 'accountManagerId', before: teammate.userId, after: outsider.userId },
        { field: 'accountManagerId', before: am.userId, after: teammate.userId },
      ]);
    });

    it('edits a pending registration before it is approved', async () => {
      const p = await signedInPartner(am.userId, undefined, 'pending');
      const res = await put(am.headers, `/api/v1/staff/partners/${p.partnerId}`, { companyName: 'Fixed Typo SAS' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'pending', companyName: 'Fixed Typo SAS' });
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
      const byPartner = await get(am.headers, `/api/v1/staff/partner-offers?partnerId=${a.partnerId}`);
      expect(byPartner.json().data.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
      const byOffer = await get(am.headers, `/api/v1/staff/partner-offers?offerId=${offer1}`);
      expect(byOffer.json().data.map((r: { id: number }) => r.id)).toEqual([ids[0], ids[2]]);

      const res = await post(am.headers, '/api/v1/staff/partner-offers/decisions', {
        ids,
        status: 'refused',
        reason: 'Your traffic sources do not fit this advertiser.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: { decided: 3, unchanged: 0 }, message: '3 applications were decided.' });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, a.partnerId));
      expect(notes.filter((n) => n.kind === 'application_decided')).toHaveLength(2);
      expect(notes[0]).toMatchObject({ body: 'Reason: Your traffic sources do not fit this advertiser.' });
      const partnerView = (await get(a.headers, '/api/v1/partner-offer')).json().data;
      expect(partnerView.every((r: { status: string }) => r.status === 'refused')).toBe(true);
    });

    it('decides all or none: one application out of reach refuses the whole batch', async () => {
      const mine = await signedInPartner(am.userId);
      const theirs = await signedInPartner(otherAm.userId);
      const offer = await createOffer(t, { name: `${tag} all-or-none`, requireApproval: true });
      const ok = await createApplication(t, mine.partnerId, offer, 'pending');
      const foreign = await createApplication(t, theirs.partnerId, offer, 'pending');
      const res = await post(am.headers, '/api/v1/staff/partner-offers/decisions', {
        ids: [ok, foreign],
        status: 'active',
      });
      expectErrorObject(res, 404);
      expect(res.json().errors).toEqual({ 'ids.1': 'Not found.' });
      const pending = await get(am.headers, `/api/v1/staff/partner-offers?partnerId=${mine.partnerId}`);
      expect(pending.json().data.map((r: { id: number }) => r.id)).toEqual([ok]);
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, mine.partnerId));
      expect(notes).toHaveLength(0);
      for (const payload of [
        { ids: [], status: 'active' },
        { ids: [ok, ok], status: 'active' },
        { ids: [ok], status: 'pending' },
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), status: 'active' },
      ]) {
        expectErrorObject(await post(am.headers, '/api/v1/staff/partner-offers/decisions', payload), 400);
      }
    });

    it('decides many documents at once, opens a file through a signed link, and stays in scope', async () => {
      const a = await signedInPartner(am.userId);
      const b = await signedInPartner(am.userId);
      const docA = await upload(a.headers, 'proof_of_identity');
      const docB = await upload(b.headers, 'proof_of_identity');
      const queue = (
        await get(am.headers, `/api/v1/staff/compliance-documents?type=proof_of_identity&partnerId=${a.partnerId}`)
      ).json();
      expect(queue.data).toMatchObject([
        { id: docA.id, status: 'pending', expired: false, document: { id: docA.document.id } },
      ]);
      // The staff member opens the file: a signed link; another manager does not find it.
      const link = await get(am.headers, `/api/v1/file/${docA.document.id}/url`);
      expect(link.statusCode).toBe(200);
      const download = await t.app.inject({
        method: 'GET',
        url: new URL(link.json().data.url).pathname + new URL(link.json().data.url).search,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expectErrorObject(await get(otherAm.headers, `/api/v1/file/${docA.document.id}/url`), 404);
      expectErrorObject(
        await post(otherAm.headers, '/api/v1/staff/compliance-documents/decisions', {
          ids: [docA.id],
          status: 'approved',
        }),
        404,
      );
      const res = await post(am.headers, '/api/v1/staff/compliance-documents/decisions', {
        ids: [docA.id, docB.id],
        status: 'approved',
      });
      expect(res.json()).toMatchObject({ data: { decided: 2, unchanged: 0 } });
      const config = (await get(a.headers, '/api/v1/config')).json().data;
      expect(config.partner.documents.proof_of_identity).toMatchObject({ status: 'approved', expired: false });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, b.partnerId));
      expect(notes).toMatchObject([{ kind: 'document_reviewed', title: 'Your proof of identity was approved.' }]);
    });

    it('shows an expired document as expired to staff and the partner, and flags the partner', async () => {
      const p = await signedInPartner(am.userId);
      const identity = await upload(p.headers, 'proof_of_identity');
      const contract = await upload(p.headers, 'signed_contract');
      for (const [doc, expireAt] of [
        [identity, '2027-01-01'],
        [contract, '2026-06-12'],
      ] as const) {
        const res = await put(am.headers, `/api/v1/staff/compliance-documents/${doc.id}`, {
          status: 'approved',
          expireAt,
        });
        expect(res.statusCode).toBe(200);
      }
      const summary = async () =>
        (await list(am.headers, `q=%23${p.partnerId}`)).json().data.find((r: { id: number }) => r.id === p.partnerId);
      expect((await summary()).missingDocuments).toEqual([]);

      clock.advance(2 * 24 * 3600 * 1000); // 2026-06-12 09:00: the contract expired at 00:00 UTC.
      expect((await summary()).missingDocuments).toEqual(['signed_contract']);
      const expired = (
        await get(am.headers, `/api/v1/staff/compliance-documents?status=all&expired=true&partnerId=${p.partnerId}`)
      ).json();
      expect(expired.data).toMatchObject([{ id: contract.id, expired: true, expireAt: '2026-06-12' }]);
      const profile = (await get(am.headers, `/api/v1/staff/partners/${p.partnerId}`)).json().data;
      expect(profile.documents.signed_contract).toMatchObject({ status: 'approved', expired: true });
      expect(profile.documents.proof_of_identity).toMatchObject({ expired: false });
      const config = (await get(p.headers, '/api/v1/config')).json().data;
      expect(config.partner.documents.signed_contract).toMatchObject({ expired: true });

      // An admin narrows the required set: the partner is no longer flagged.
      const settings = await put(admin, '/api/v1/staff/settings/compliance', {
        requiredDocumentTypes: ['proof_of_identity'],
      });
      expect(settings.statusCode).toBe(200);
      expect((await summary()).missingDocuments).toEqual([]);
      expectErrorObject(await put(am.headers, '/api/v1/staff/settings/compliance', { requiredDocumentTypes: [] }), 403);
      expectErrorObject(
        await put(admin, '/api/v1/staff/settings/compliance', { requiredDocumentTypes: ['passport'] }),
        400,
      );
      await put(admin, '/api/v1/staff/settings/compliance', {
        requiredDocumentTypes: ['proof_of_identity', 'signed_contract'],
      });
      const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.entityType, 'network_setting'));
      expect(logged.length).toBeGreaterThanOrEqual(2);
    });
  });
});
