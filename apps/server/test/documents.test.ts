import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { accountEndpoints, documentsEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, partnerDocuments, partners } from '../src/db/schema.js';
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
  samplePdf,
  samplePng,
  type CallInput,
  type Identity,
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
  return { ...p, token: await login(t, p.email, p.password) };
}

async function signedInStaff(
  role: 'ROLE_ADMIN' | 'ROLE_ACCOUNT_MANAGER' | 'ROLE_TEAM_MANAGER',
  teamId: number | null = null,
) {
  const s = await createStaff(t, role, { teamId });
  return { ...s, token: await login(t, s.email, s.password) };
}

const storedFiles = () => {
  const dir = path.join(t.dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

type DocumentBody = CallInput<typeof documentsEndpoints.create>['body'];
/** Uploads a document (POST), or replaces record `id` (PUT); a type the contract refuses is wrapped in `invalid`. */
async function upload(token: Identity, type: DocumentBody['type'], bytes: Buffer, filename = 'doc.pdf', id?: number) {
  const body: DocumentBody = { type, document: { filename, data: dataUrl(bytes, 'application/pdf') } };
  return id
    ? callEndpoint(t.app, documentsEndpoints.replace, { params: { id }, body }, token)
    : callEndpoint(t.app, documentsEndpoints.create, { body }, token);
}
const configOf = async (token: string) => okBody(await callEndpoint(t.app, accountEndpoints.config, {}, token)).data;
const review = (token: Identity, id: number, body: CallInput<typeof documentsEndpoints.review>['body']) =>
  callEndpoint(t.app, documentsEndpoints.review, { params: { id }, body }, token);

describe('POST /partner/compliance-document', () => {
  it('creates the record, pending, with its file, and the configuration shows it', async () => {
    const p = await signedInPartner();
    const res = await upload(p.token, 'proof_of_identity', samplePdf(), 'passport.pdf');
    expectOk(res);
    expect(res.body).toMatchObject({ success: true, message: SAVED });
    const doc = res.body.data;
    expect(doc).toMatchObject({
      type: 'proof_of_identity',
      status: 'pending',
      expireAt: null,
      document: { type: 'proof_of_identity', filename: 'passport.pdf' },
    });
    expect((await configOf(p.token)).partner!.documents).toEqual({ proof_of_identity: doc });
  });

  it('keeps one record per type: a second upload of the type replaces the file', async () => {
    const p = await signedInPartner();
    const first = okBody(await upload(p.token, 'signed_contract', samplePdf())).data;
    const before = storedFiles();
    const second = await upload(p.token, 'signed_contract', await samplePng(), 'contract.png');
    const secondDoc = okBody(second).data;
    expect(secondDoc.id).toBe(first.id);
    expect(secondDoc.document).toMatchObject({ filename: 'contract.png' });
    expect(secondDoc.document!.id).not.toBe(first.document!.id);
    const rows = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.partnerId, p.partnerId));
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(files).where(eq(files.id, first.document!.id))).toHaveLength(0);
    // The old bytes went with their row: as many stored files as before.
    expect(storedFiles()).toHaveLength(before.length);
  });

  it('answers per-field errors for a bad type or a missing document', async () => {
    const p = await signedInPartner();
    const badType = await upload(p.token, invalid('tax_return'), samplePdf());
    expect(errorBody(badType, 400).errors).toEqual({ type: 'Please choose a value from the list.' });
    const noDocument = await callEndpoint(
      t.app,
      documentsEndpoints.create,
      { body: invalid({ type: 'insertion_order' }) },
      p.token,
    );
    expect(errorBody(noDocument, 400).errors).toEqual({ document: 'This field is required.' });
    const notDataUrl = await callEndpoint(
      t.app,
      documentsEndpoints.create,
      { body: { type: 'insertion_order', document: { filename: '', data: 'https://example.com/x.pdf' } } },
      p.token,
    );
    expect(errorBody(notDataUrl, 400).errors).toEqual({
      'document.filename': 'This field is required.',
      'document.data': 'The value has an invalid format.',
    });
  });
});

describe('PUT /partner/compliance-document/{id}', () => {
  it('a new upload resets an approved document to pending and clears its expiry', async () => {
    const admin = await signedInStaff('ROLE_ADMIN');
    const p = await signedInPartner();
    const doc = okBody(await upload(p.token, 'certificate_of_incorporation', samplePdf())).data;
    const approved = await review(admin.token, doc.id, { status: 'approved', expireAt: '2027-06-30' });
    expect(okBody(approved).data).toMatchObject({ status: 'approved', expireAt: '2027-06-30T00:00:00.000Z' });

    const replaced = await upload(p.token, 'certificate_of_incorporation', samplePdf(10), 'kbis.pdf', doc.id);
    expect(okBody(replaced)).toMatchObject({
      message: SAVED,
      data: { id: doc.id, status: 'pending', expireAt: null, document: { filename: 'kbis.pdf' } },
    });
  });

  it("refuses another partner's record (404) and a type change (400), leaving no stored file behind", async () => {
    const a = await signedInPartner();
    const b = await signedInPartner();
    const docA = okBody(await upload(a.token, 'proof_of_identity', samplePdf())).data;
    const before = storedFiles();

    const foreign = await upload(b.token, 'proof_of_identity', samplePdf(), 'x.pdf', docA.id);
    expectError(foreign, 404);
    const typeChange = await upload(a.token, 'signed_contract', samplePdf(), 'x.pdf', docA.id);
    expect(errorBody(typeChange, 400).errors).toEqual({ type: 'Please choose a value from the list.' });
    const unknown = await upload(a.token, 'proof_of_identity', samplePdf(), 'x.pdf', 2_000_000_000);
    expectError(unknown, 404);

    // Each refused request had stored its file before the transaction failed, and removed it.
    expect(storedFiles()).toEqual(before);
    const [row] = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.id, docA.id));
    expect(row).toMatchObject({ partnerId: a.partnerId, fileId: docA.document!.id, type: 'proof_of_identity' });
  });
});

describe('PUT /staff/compliance-documents/{id}', () => {
  it('records the review and notifies the partner in the same transaction', async () => {
    const manager = await signedInStaff('ROLE_ACCOUNT_MANAGER');
    const p = await signedInPartner(manager.userId);
    const doc = okBody(await upload(p.token, 'signed_contract', samplePdf())).data;

    const refused = await review(manager.token, doc.id, { status: 'refused' });
    expect(okBody(refused).data.status).toBe('refused');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.partnerId, p.partnerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'document_reviewed',
      title: 'Your signed contract was refused.',
      link: '/my-account',
      readAt: null,
    });

    expect((await configOf(p.token)).partner!.documents.signed_contract!.status).toBe('refused');

    // Back to pending is a correction, not news for the partner.
    await review(manager.token, doc.id, { status: 'pending' });
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
    const doc = okBody(await upload(p.token, 'insertion_order', samplePdf())).data;
    const approve = (token: Identity) => review(token, doc.id, { status: 'approved' });

    expectError(await approve(p.token), 403);
    expectError(await approve(null), 401);
    expectError(await approve(otherManager.token), 404);
    const bad = await review(teamManager.token, doc.id, invalid({ status: 'valid', expireAt: '2027-02-30' }));
    expect(errorBody(bad, 400).errors).toEqual({
      status: 'Please choose a value from the list.',
      expireAt: 'The value has an invalid format.',
    });
    const [unchanged] = await t.database.db.select().from(partnerDocuments).where(eq(partnerDocuments.id, doc.id));
    expect(unchanged!.status).toBe('pending');

    expectOk(await review(teamManager.token, doc.id, { status: 'approved', expireAt: '2028-01-31' }));
    const [notification] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.partnerId, p.partnerId));
    expect(notification!.title).toBe('Your insertion order was approved.');
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, p.partnerId));
    expect(partner!.status).toBe('active');
  });
});
