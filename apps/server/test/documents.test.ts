import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, partnerDocuments, partners } from '../src/db/schema.js';
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
  samplePng,
  type TestApp,
} from './helper.js';

const SAVED = 'Your documents have been successfully updated.';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function signedInPartner(accountManagerId: number | null = null) {
  const p = await createPartner(t, { accountManagerId });
  return { ...p, headers: bearer(await login(t, p.email, p.password)) };
}

async function signedInStaff(
  role: 'ROLE_ADMIN' | 'ROLE_ACCOUNT_MANAGER' | 'ROLE_TEAM_MANAGER',
  teamId: number | null = null,
) {
  const s = await createStaff(t, role, { teamId });
  return { ...s, headers: bearer(await login(t, s.email, s.password)) };
}

const storedFiles = () => {
  const dir = path.join(t.dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

async function upload(headers: Record<string, string>, type: string, bytes: Buffer, filename = 'doc.pdf', id?: number) {
  return t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/v1/partner/compliance-document/${id}` : '/api/v1/partner/compliance-document',
    headers,
    payload: { type, document: { filename, data: dataUrl(bytes, 'application/pdf') } },
  });
}

describe('POST /partner/compliance-document', () => {
  it('creates the record, pending, with its file, and the configuration shows it', async () => {
    const p = await signedInPartner();
    const res = await upload(p.headers, 'proof_of_identity', samplePdf(), 'passport.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SAVED });
    const doc = res.json().data;
    expect(doc).toMatchObject({
      type: 'proof_of_identity',
      status: 'pending',
      expireAt: null,
      document: { type: 'proof_of_identity', filename: 'passport.pdf' },
    });
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: p.headers });
    expect(config.json().data.partner.documents).toEqual({ proof_of_identity: doc });
  });

  it('keeps one record per type: a second upload of the type replaces the file', async () => {
    const p = await signedInPartner();
    const first = (await upload(p.headers, 'signed_contract', samplePdf())).json().data;
    const before = storedFiles();
    const second = await upload(p.headers, 'signed_contract', await samplePng(), 'contract.png');
    expect(second.statusCode).toBe(200);
    expect(second.json().data.id).toBe(first.id);
    expect(second.json().data.document).toMatchObject({ filename: 'contract.png' });
    expect(second.json().data.document.id).not.toBe(first.document.id);
    const rows = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.partnerId, p.partnerId));
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(files).where(eq(files.id, first.document.id))).toHaveLength(0);
    // The old bytes went with their row: as many stored files as before.
    expect(storedFiles()).toHaveLength(before.length);
  });

  it('answers per-field errors for a bad type or a missing document', async () => {
    const p = await signedInPartner();
    const badType = await upload(p.headers, 'tax_return', samplePdf());
    expectErrorObject(badType, 400);
    expect(badType.json().errors).toEqual({ type: 'Please choose a value from the list.' });
    const noDocument = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/compliance-document',
      headers: p.headers,
      payload: { type: 'insertion_order' },
    });
    expectErrorObject(noDocument, 400);
    expect(noDocument.json().errors).toEqual({ document: 'This field is required.' });
    const notDataUrl = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/compliance-document',
      headers: p.headers,
      payload: { type: 'insertion_order', document: { filename: '', data: 'https://example.com/x.pdf' } },
    });
    expectErrorObject(notDataUrl, 400);
    expect(notDataUrl.json().errors).toEqual({
      'document.filename': 'This field is required.',
      'document.data': 'The value has an invalid format.',
    });
  });
});

describe('PUT /partner/compliance-document/{id}', () => {
  it('a new upload resets an approved document to pending and clears its expiry', async () => {
    const admin = await signedInStaff('ROLE_ADMIN');
    const p = await signedInPartner();
    const doc = (await upload(p.headers, 'certificate_of_incorporation', samplePdf())).json().data;
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/compliance-documents/${doc.id}`,
      headers: admin.headers,
      payload: { status: 'approved', expireAt: '2027-06-30' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', expireAt: '2027-06-30T00:00:00.000Z' });

    const replaced = await upload(p.headers, 'certificate_of_incorporation', samplePdf(10), 'kbis.pdf', doc.id);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      message: SAVED,
      data: { id: doc.id, status: 'pending', expireAt: null, document: { filename: 'kbis.pdf' } },
    });
  });

  it("refuses another partner's record (404) and a type change (400), leaving no stored file behind", async () => {
    const a = await signedInPartner();
    const b = await signedInPartner();
    const docA = (await upload(a.headers, 'proof_of_identity', samplePdf())).json().data;
    const before = storedFiles();

    const foreign = await upload(b.headers, 'proof_of_identity', samplePdf(), 'x.pdf', docA.id);
    expectErrorObject(foreign, 404);
    const typeChange = await upload(a.headers, 'signed_contract', samplePdf(), 'x.pdf', docA.id);
    expectErrorObject(typeChange, 400);
    expect(typeChange.json().errors).toEqual({ type: 'Please choose a value from the list.' });
    const unknown = await upload(a.headers, 'proof_of_identity', samplePdf(), 'x.pdf', 2_000_000_000);
    expectErrorObject(unknown, 404);

    // Each refused request had stored its file before the transaction failed, and removed it.
    expect(storedFiles()).toEqual(before);
    const [row] = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.id, docA.id));
    expect(row).toMatchObject({ partnerId: a.partnerId, fileId: docA.document.id, type: 'proof_of_identity' });
  });
});

describe('PUT /staff/compliance-documents/{id}', () => {
  it('records the review and notifies the partner in the same transaction', async () => {
    const manager = await signedInStaff('ROLE_ACCOUNT_MANAGER');
    const p = await signedInPartner(manager.userId);
    const doc = (await upload(p.headers, 'signed_contract', samplePdf())).json().data;

    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/compliance-documents/${doc.id}`,
      headers: manager.headers,
      payload: { status: 'refused' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.status).toBe('refused');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, p.partnerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'document_reviewed',
      title: 'Your signed contract was refused.',
      link: '/my-account',
      readAt: null,
    });

    const config = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: p.headers });
    expect(config.json().data.partner.documents.signed_contract.status).toBe('refused');

    // Back to pending is a correction, not news for the partner.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/staff/compliance-documents/${doc.id}`,
      headers: manager.headers,
      payload: { status: 'pending' },
    });
    expect(
      await t.database.db.select().from(notifications).where(eq(notifications.partnerId, p.partnerId)),
    ).toHaveLength(1);
  });

  it('is for staff only; an account manager reaches only its own partners', async () => {
    const teamId = await createTeam(t);
    const manager = await signedInStaff('ROLE_ACCOUNT_MANAGER', teamId);
    const otherManager = await signedInStaff('ROLE_ACCOUNT_MANAGER');
    const teamManager = await signedInStaff('ROLE_TEAM_MANAGER', teamId);
    const p = await signedInPartner(manager.userId);
    const doc = (await upload(p.headers, 'insertion_order', samplePdf())).json().data;
    const review = (headers: Record<string, string>, payload: Record<string, unknown> = { status: 'approved' }) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/staff/compliance-documents/${doc.id}`, headers, payload });

    expectErrorObject(await review(p.headers), 403);
    expectErrorObject(await review({}), 401);
    expectErrorObject(await review(otherManager.headers), 404);
    const invalid = await review(teamManager.headers, { status: 'valid', expireAt: '2027-02-30' });
    expectErrorObject(invalid, 400);
    expect(invalid.json().errors).toEqual({
      status: 'Please choose a value from the list.',
      expireAt: 'The value has an invalid format.',
    });
    const [unchanged] = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.id, doc.id));
    expect(unchanged!.status).toBe('pending');

    const ok = await review(teamManager.headers, { status: 'approved', expireAt: '2028-01-31' });
    expect(ok.statusCode).toBe(200);
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.partnerId, p.partnerId));
    expect(notification!.title).toBe('Your insertion order was approved.');
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
    expect(partner!.status).toBe('active');
  });
});
