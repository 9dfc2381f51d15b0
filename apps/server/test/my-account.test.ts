import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEndpoints,
  authEndpoints,
  type UpdatePartnerCompanyForm,
  type UpdatePartnerPaymentForm,
} from '@portal/contracts';
import { files, partnerContacts, partners, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  dataUrl,
  expectError,
  expectOk,
  invalid,
  login,
  type CallInput,
  rowCounts,
  samplePng,
  sentMails,
  testClock,
  type TestApp,
} from './helper.js';

let t: TestApp;
// A clock that stands still unless moved: the sign-in delays (1 s, 2 s …) are judged on the app's clock, and a slow
// machine must not let an attempt slip past one of them.
const clock = testClock(new Date('2026-01-05T09:00:00Z'));
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(async () => t?.close());

const company: UpdatePartnerCompanyForm = {
  langs: ['fr', 'en'],
  country: 'DE',
  address: '5 Unter den Linden',
  zipCode: '10117',
  state: 'Berlin',
  city: 'Berlin',
  email: 'billing@northwind.example',
  phoneNumber: '+49 30 1234567',
};

const payment: UpdatePartnerPaymentForm = {
  accountHolder: 'Northwind Media SAS',
  bankName: 'Deutsche Bank',
  bankAddress: 'Taunusanlage 12, Frankfurt',
  iban: 'de89 3704 0044 0532 0130 00',
  swift: 'deutdeffxxx',
  routingNumber: '',
};

async function signedInPartner() {
  const p = await createPartner(t);
  const token = await login(t, p.email, p.password);
  return { ...p, token };
}

type PartnerBody = CallInput<typeof accountEndpoints.updatePartner>['body'];
type ContactBody = CallInput<typeof accountEndpoints.updateContact>['body'];

/** PUT /partner/{id} as `token` (the partner's own session unless said). */
const updatePartner = (p: { partnerId: number; token: string | null }, body: PartnerBody, remoteAddress?: string) =>
  callEndpoint(
    t.app,
    accountEndpoints.updatePartner,
    { params: { id: p.partnerId }, body, ...(remoteAddress ? { remoteAddress } : {}) },
    p.token,
  );
const updateContact = (token: string, id: number, body: ContactBody) =>
  callEndpoint(t.app, accountEndpoints.updateContact, { params: { id }, body }, token);

async function partnerRow(id: number) {
  const rows = await t.database.db.select().from(partners).where(eq(partners.id, id));
  return rows[0]!;
}

async function mainContactId(partnerId: number) {
  const rows = await t.database.db.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
  return rows[0]!.id;
}

describe('PUT /partner/{id}: company information', () => {
  it('saves the company fields and answers the updated partner', async () => {
    const p = await signedInPartner();
    const res = await updatePartner(p, company);
    expectOk(res);
    const body = res.body;
    expect(body).toMatchObject({ code: 200, success: true, message: 'Company information updated.' });
    expect(body.data).toMatchObject({ ...company, id: p.partnerId });
    const row = await partnerRow(p.partnerId);
    expect(row).toMatchObject({ country: 'DE', city: 'Berlin', langs: ['fr', 'en'], email: company.email });
  });

  it('ignores read-only and forbidden fields', async () => {
    const p = await signedInPartner();
    const other = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const before = await partnerRow(p.partnerId);
    const res = await updatePartner(
      p,
      invalid({
        ...company,
        email: p.email,
        companyName: 'Renamed Ltd',
        companyRegistrationNumber: '000',
        companyVatNumber: 'XX000',
        companyStatus: 'plc',
        status: 'closed',
        accountManagerId: other.userId,
        paymentTerms: 'net0',
        paymentCurrency: 'USD',
        allOffersAccess: false,
        id: 999,
      }),
    );
    expectOk(res);
    const after = await partnerRow(p.partnerId);
    expect(after).toMatchObject({
      companyName: before.companyName,
      companyRegistrationNumber: before.companyRegistrationNumber,
      companyVatNumber: before.companyVatNumber,
      companyStatus: before.companyStatus,
      status: 'active',
      accountManagerId: before.accountManagerId,
      paymentTerms: 'net30',
      paymentCurrency: 'EUR',
      allOffersAccess: true,
      city: 'Berlin',
    });
  });

  it('answers every invalid field under its own path and writes nothing', async () => {
    const p = await signedInPartner();
    const before = await partnerRow(p.partnerId);
    const res = await updatePartner(p, {
      ...company,
      email: 'not-an-email',
      langs: [],
      address: '  ',
      phoneNumber: 'call me',
      country: 'F',
    });
    expectError(res, 400);
    expect(res.body.errors).toEqual({
      email: 'Please enter a valid email address.',
      langs: 'This field is required.',
      address: 'This field is required.',
      phoneNumber: 'The value has an invalid format.',
      country: 'Please choose a value from the list.',
    });
    expect(await partnerRow(p.partnerId)).toEqual(before);
  });

  it('requires the whole company set and refuses an unknown country or a language outside the list', async () => {
    const p = await signedInPartner();
    const partial = await updatePartner(p, { city: 'Lyon' });
    expectError(partial, 400);
    expect(Object.keys(partial.body.errors ?? {}).sort()).toEqual(
      ['address', 'country', 'email', 'langs', 'phoneNumber', 'zipCode'].sort(),
    );

    const country = await updatePartner(p, { ...company, country: 'ZZ' });
    expectError(country, 400);
    expect(country.body.errors).toEqual({ country: 'Please choose a value from the list.' });

    const lang = await updatePartner(p, invalid({ ...company, langs: ['fr', 'xx'] }));
    expectError(lang, 400);
    expect(lang.body.errors).toEqual({ 'langs.1': 'Please choose a value from the list.' });
  });

  it('refuses a body with neither set, or with both', async () => {
    const p = await signedInPartner();
    for (const payload of [{}, { companyName: 'Only read-only' }, { ...company, ...payment }]) {
      const res = await updatePartner(p, invalid(payload));
      expectError(res, 400);
      expect(res.body.errors?._).toBe('Send either the company fields or the payment fields.');
    }
  });

  it("answers 409 when the e-mail is another partner's", async () => {
    const p = await signedInPartner();
    const other = await createPartner(t);
    const res = await updatePartner(p, { ...company, email: other.email.toUpperCase() });
    expectError(res, 409);
    expect(res.body.errors).toEqual({ email: 'An account with this email already exists.' });
  });
});

describe('PUT /partner/{id}: payment information', () => {
  it('saves the payment fields with the IBAN and SWIFT normalised', async () => {
    const p = await signedInPartner();
    const res = await updatePartner(
      p,
      invalid({ ...payment, paymentTerms: 'daily', paymentMethod: 'cheque', currentPassword: p.password }),
    );
    expectOk(res);
    expect(res.body.message).toBe('Payment information updated.');
    expect(res.body.data).toMatchObject({
      accountHolder: 'Northwind Media SAS',
      bankName: 'Deutsche Bank',
      iban: 'DE89370400440532013000',
      swift: 'DEUTDEFFXXX',
      routingNumber: null,
      paymentTerms: 'net30',
      paymentMethod: 'wire',
      paymentCurrency: 'EUR',
    });
  });

  it('explains a wrong IBAN checksum and a malformed SWIFT code', async () => {
    const p = await signedInPartner();
    const before = await partnerRow(p.partnerId);
    const res = await updatePartner(p, { ...payment, iban: 'DE89 3704 0044 0532 0130 01', swift: 'DEUT1' });
    expectError(res, 400);
    expect(res.body.errors).toEqual({
      iban: 'Please enter a valid IBAN (the country code, check digits or account number are wrong).',
      swift: 'Please enter a valid SWIFT/BIC code (8 or 11 letters and digits, such as BNPAFRPPXXX).',
    });
    expect(await partnerRow(p.partnerId)).toEqual(before);
  });

  it('requires the account holder and the bank name, and accepts a routing number without an IBAN', async () => {
    const p = await signedInPartner();
    const missing = await updatePartner(p, { iban: '', swift: '' });
    expectError(missing, 400);
    expect(missing.body.errors).toEqual({
      accountHolder: 'This field is required.',
      bankName: 'This field is required.',
    });
    const us = await updatePartner(p, {
      accountHolder: 'NW Inc',
      bankName: 'Chase',
      iban: '',
      swift: 'CHASUS33',
      routingNumber: '021000021',
      currentPassword: p.password,
    });
    expectOk(us);
    expect(us.body.data).toMatchObject({ iban: null, swift: 'CHASUS33', routingNumber: '021000021' });
  });
});

describe('finding 4: changing the bank details needs the current password and tells every user of the partner', () => {
  const put = (p: { partnerId: number; token: string }, body: PartnerBody, ip = '10.40.0.1') =>
    updatePartner(p, body, ip);

  /** A second, and a disabled third, user of the partner. */
  async function colleagues(partnerId: number) {
    const passwordHash = await hashPassword('Colleague2025!');
    const suffix = randomBytes(3).toString('hex');
    const rows = await t.database.db
      .insert(users)
      .values([
        {
          email: `colleague-${suffix}@example.test`,
          passwordHash,
          firstname: 'Col',
          lastname: 'League',
          roles: ['ROLE_PARTNER'],
          partnerId,
          // Reads its times in Tokyo's offset: the notice is written on its clock (decision 112).
          timezone: '+09:00',
        },
        {
          email: `former-${suffix}@example.test`,
          passwordHash,
          firstname: 'For',
          lastname: 'Mer',
          roles: ['ROLE_PARTNER'],
          partnerId,
          enabled: false,
        },
      ])
      .returning({ email: users.email });
    return rows.map((row) => row.email);
  }

  it('a bearer alone is refused: without or with a wrong current password nothing is written and no one is told', async () => {
    const p = await signedInPartner();
    await colleagues(p.partnerId);
    const before = await partnerRow(p.partnerId);
    const counts = await rowCounts(t);

    const missing = await put(p, payment);
    expectError(missing, 400);
    expect(missing.body.errors).toEqual({ currentPassword: 'This field is required.' });
    const wrong = await put(p, { ...payment, currentPassword: 'Not-my-password1' });
    expectError(wrong, 400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'The current password is incorrect.' });

    expect(await partnerRow(p.partnerId)).toEqual(before);
    const after = await rowCounts(t);
    expect(after.emailOutbox).toBe(counts.emailOutbox);
    // The wrong password is a failed sign-in of the account and of the IP.
    expect(after.authFailures).toBe(counts.authFailures + 2);
  });

  it('with the right password the details are saved and every enabled user of the partner is told, with the IBAN ending only', async () => {
    const p = await signedInPartner();
    const [colleague, former] = await colleagues(p.partnerId);
    const res = await put(p, { ...payment, currentPassword: p.password });
    expectOk(res);
    expect(res.body.message).toBe('Payment information updated.');
    expect((await partnerRow(p.partnerId)).iban).toBe('DE89370400440532013000');

    const mails = (await sentMails(t)).filter((m) => m.subject === 'Your bank details were changed');
    const recipients = mails.map((m) => m.to);
    expect(recipients).toContain(p.email);
    expect(recipients).toContain(colleague);
    expect(recipients).not.toContain(former);
    const mine = mails.filter((m) => m.to === p.email || m.to === colleague);
    expect(mine).toHaveLength(2);
    for (const mail of mine) {
      expect(mail.body).toContain(`changed by ${p.email}`);
      expect(mail.body).toMatch(/IBAN now on file: \S+ 3000\./);
      expect(mail.body).not.toContain('DE89370400440532013000');
      expect(mail.body).not.toContain('0532013000');
    }
    // Each told the time of the change in its own zone, named.
    const wall = (hours: number) => {
      const iso = new Date(clock.now().getTime() + hours * 3_600_000).toISOString();
      return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
    };
    expect(mine.find((m) => m.to === p.email)!.body).toContain(`Time of the change: ${wall(0)} (GMT+00:00).`);
    expect(mine.find((m) => m.to === colleague)!.body).toContain(`Time of the change: ${wall(9)} (GMT+09:00).`);

    // The same details again change nothing: no password asked, nobody told.
    const outbox = (await rowCounts(t)).emailOutbox;
    expect((await put(p, payment)).status).toBe(200);
    expect((await rowCounts(t)).emailOutbox).toBe(outbox);
    // A company change needs no password either.
    expect((await put(p, { ...company, email: `billing-${p.partnerId}@northwind.example` })).status).toBe(200);
  });

  it('12 wrong current passwords on bank details and change-password end in 429, not endless 400s', async () => {
    const p = await signedInPartner();
    const before = await partnerRow(p.partnerId);
    const ip = '10.40.0.12';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await put(p, { ...payment, currentPassword: `Guess-${i}-A1` }, ip)).status);
      const change = await callEndpoint(
        t.app,
        authEndpoints.changePassword,
        { body: { currentPassword: `Guess-${i}-B1`, password: 'Brand-new-2025' }, remoteAddress: ip },
        p.token,
      );
      statuses.push(change.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // Even the right password waits, and nothing was written.
    const held = await put(p, { ...payment, currentPassword: p.password }, ip);
    expectError(held, 429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(await partnerRow(p.partnerId)).toEqual(before);
  });
});

describe('a partner reaches only its own partner and contacts', () => {
  it("answers 404 for another partner's partner or contact, 401 without a session, 403 for staff", async () => {
    const a = await signedInPartner();
    const b = await signedInPartner();
    const beforeA = await partnerRow(a.partnerId);
    const contactA = await mainContactId(a.partnerId);

    const onPartner = await updatePartner({ partnerId: a.partnerId, token: b.token }, company);
    expectError(onPartner, 404);
    const onContact = await updateContact(b.token, contactA, {
      firstname: 'Mallory',
      lastname: 'B',
      email: 'm@example.test',
    });
    expectError(onContact, 404);
    expect(await partnerRow(a.partnerId)).toEqual(beforeA);
    const contactRows = await t.database.db.select().from(partnerContacts).where(eq(partnerContacts.id, contactA));
    expect(contactRows[0]!.firstname).toBe('Pat');

    expectError(await updatePartner({ partnerId: a.partnerId, token: null }, company), 401);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    const staffToken = await login(t, staff.email, staff.password);
    expectError(await updatePartner({ partnerId: a.partnerId, token: staffToken }, company), 403);
  });
});

describe('PUT /partner-contact/{id}', () => {
  const contact = {
    civility: 'mr',
    firstname: 'Noah',
    lastname: 'Bernard',
    email: 'Noah.Bernard@Northwind.example',
    phoneNumber: '+33 6 98 76 54 32',
    telegram: 'noah_b',
    teams: 'noah@northwind.example',
  };

  it('saves the contact and answers it', async () => {
    const p = await signedInPartner();
    const id = await mainContactId(p.partnerId);
    const res = await updateContact(p.token, id, invalid({ ...contact, partnerId: 1, companyRole: 'sales', id: 77 }));
    expectOk(res);
    expect(res.body.message).toBe('Main contact information updated.');
    expect(res.body.data).toMatchObject({
      ...contact,
      email: 'noah.bernard@northwind.example',
      id,
      partnerId: p.partnerId,
      companyRole: 'main',
      document: null,
    });
    const config = await callEndpoint(t.app, accountEndpoints.config, {}, p.token);
    expectOk(config);
    expect(config.body.data.partner?.mainContact).toMatchObject({ firstname: 'Noah', civility: 'mr' });
  });

  it('answers per-field errors: required names, e-mail, phone, a civility outside the list', async () => {
    const p = await signedInPartner();
    const id = await mainContactId(p.partnerId);
    const res = await updateContact(
      p.token,
      id,
      invalid({ ...contact, firstname: '', lastname: undefined, email: 'nope', phoneNumber: 'x' }),
    );
    expectError(res, 400);
    expect(res.body.errors).toEqual({
      firstname: 'This field is required.',
      lastname: 'This field is required.',
      email: 'Please enter a valid email address.',
      phoneNumber: 'The value has an invalid format.',
    });
    const civility = await updateContact(p.token, id, { ...contact, civility: 'sir' });
    expectError(civility, 400);
    expect(civility.body.errors).toEqual({ civility: 'Please choose a value from the list.' });
  });

  it('stores a document with the contact and replaces it cleanly', async () => {
    const p = await signedInPartner();
    const id = await mainContactId(p.partnerId);
    const png = await samplePng();
    const first = await updateContact(p.token, id, {
      ...contact,
      document: { filename: 'id-card.png', data: dataUrl(png, 'image/png') },
    });
    expectOk(first);
    const firstDoc = first.body.data.document!;
    expect(firstDoc).toMatchObject({ type: 'contact_document', filename: 'id-card.png' });
    expect(firstDoc.url).toBe(`/api/v1/file/${firstDoc.id}/url`);
    const [firstFile] = await t.database.db.select().from(files).where(eq(files.id, firstDoc.id));
    const storedPath = path.join(t.dataDir, 'files', firstFile!.storageKey);
    expect(fs.existsSync(storedPath)).toBe(true);
    expect(firstFile!.storageKey).not.toContain('id-card');

    // Saving again without a document keeps it.
    const keep = await updateContact(p.token, id, { ...contact, telegram: '' });
    expect(keep.body.data).toMatchObject({ telegram: null, document: { id: firstDoc.id } });

    const second = await updateContact(p.token, id, {
      ...contact,
      document: { filename: 'passport.png', data: dataUrl(png) },
    });
    expectOk(second);
    expect(second.body.data.document!.id).not.toBe(firstDoc.id);
    expect(await t.database.db.select().from(files).where(eq(files.id, firstDoc.id))).toHaveLength(0);
    expect(fs.existsSync(storedPath)).toBe(false);
  });

  it('refuses a document that is not PDF, PNG or JPEG and changes nothing', async () => {
    const p = await signedInPartner();
    const id = await mainContactId(p.partnerId);
    const before = await rowCounts(t);
    const res = await updateContact(p.token, id, {
      ...contact,
      document: { filename: 'id.png', data: dataUrl(Buffer.from('<html><script>alert(1)</script></html>')) },
    });
    expectError(res, 415);
    expect(res.body.errors).toEqual({ 'document.data': 'Only PDF, PNG and JPEG files are accepted.' });
    expect(await rowCounts(t)).toEqual(before);
    const rows = await t.database.db.select().from(partnerContacts).where(eq(partnerContacts.id, id));
    expect(rows[0]!.firstname).toBe('Pat');
  });
});

describe('OpenAPI', () => {
  it('documents the My Account, document and file routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/partner/{id}',
        '/api/v1/partner-contact/{id}',
        '/api/v1/partner/compliance-document',
        '/api/v1/partner/compliance-document/{id}',
        '/api/v1/staff/compliance-documents/{id}',
        '/api/v1/file/{id}/url',
        '/api/v1/file/{id}/download',
        '/api/v1/file/{id}',
      ]),
    );
  });
});
