import { eq, sql } from 'drizzle-orm';
import { registerEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerContacts, partners, users } from '../src/db/schema.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  createStaff,
  errorBody,
  invalid,
  okBody,
  registrationPayload,
  rowCounts,
  sentMails,
  type CallInput,
  type TestApp,
} from './helper.js';

/** A syntactically valid address of exactly `total` characters with a local part of `local`. */
function emailOfLength(total: number, local: number): string {
  const tail = '.com';
  let domain = '';
  let remaining = total - local - 1 - tail.length;
  while (remaining > 0) {
    const label = Math.min(60, remaining - (domain ? 1 : 0));
    domain += `${domain ? '.' : ''}${'d'.repeat(label)}`;
    remaining = total - local - 1 - tail.length - domain.length;
  }
  const email = `${'a'.repeat(local)}@${domain}${tail}`;
  if (email.length !== total) throw new Error(`bad length ${email.length}`);
  return email;
}

const EMAIL_EXISTS = 'An account with this email already exists.';
const REQUIRED = [
  'companyName',
  'firstname',
  'lastname',
  'address',
  'zipCode',
  'city',
  'country',
  'email',
  'phoneNumber',
  'langs',
  'trafficSourceList',
  'typology',
  'experience',
  'verticals',
  'estimatedMonthlyRevenue',
  'geographicAreaList',
  'websiteUrl',
] as const;

describe('POST /register', () => {
  let t: TestApp;
  // Each request from its own address: registrations are limited per IP (register-limits.test.ts).
  let address = 0;
  const register = (body: CallInput<typeof registerEndpoints.register>['body']) =>
    callEndpoint(
      t.app,
      registerEndpoints.register,
      { body, remoteAddress: `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}` },
      null,
    );

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('offers the registration lists publicly', async () => {
    const res = await callEndpoint(t.app, registerEndpoints.options, {}, null);
    const data = okBody(res).data;
    expect(data.countries.length).toBeGreaterThan(100);
    expect(data.countries.find((c) => c.isoCode === 'FR')).toMatchObject({
      name: 'France',
      flag: '🇫🇷',
    });
    expect(data.languages.map((l) => l.code).sort()).toEqual([
      'de',
      'en',
      'es',
      'fr',
      'it',
      'pl',
      'pt',
      'ru',
      'uk',
      'zh',
    ]);
    for (const list of [
      'trafficSourceList',
      'typologyList',
      'experienceList',
      'verticalList',
      'estimatedMonthlyRevenueList',
      'geographicAreaList',
    ] as const) {
      expect(data.data[list].length, list).toBeGreaterThan(0);
    }
  });

  it('creates a pending prospect with a main contact, assigned to the least busy account manager, and mails both', async () => {
    const busy = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const idle = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    const disabledIdle = await createStaff(t, 'ROLE_ACCOUNT_MANAGER');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, disabledIdle.userId));
    // Every other enabled account manager gets more partners than `idle`.
    const managers = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.accountManager} and ${users.enabled}`);
    for (const m of managers) if (m.id !== idle.userId) await createPartner(t, { accountManagerId: m.id });
    await createPartner(t, { accountManagerId: busy.userId });
    await createPartner(t, { accountManagerId: idle.userId }).then(() => undefined);
    await createPartner(t, { accountManagerId: busy.userId });
    await createPartner(t, { accountManagerId: busy.userId });

    const payload = await registrationPayload(t, { email: `New.Applicant-${Date.now()}@Example.test` });
    const before = await rowCounts(t);
    const res = await register(payload);
    expect(okBody(res)).toMatchObject({ code: 200, success: true, data: null, errors: null });

    const email = (payload.email as string).toLowerCase();
    const [partner] = await t.database.db
      .select()
      .from(partners)
      .where(eq(sql`lower(${partners.email})`, email));
    expect(partner).toMatchObject({
      status: 'pending',
      prospect: true,
      accountType: 'affiliate',
      companyName: payload.companyName,
      country: payload.country,
      websiteUrl: payload.websiteUrl,
      verticals: payload.verticals,
      trafficSources: payload.trafficSourceList,
      geographicAreas: payload.geographicAreaList,
      typology: payload.typology,
      accountManagerId: idle.userId,
    });
    const contacts = await t.database.db
      .select()
      .from(partnerContacts)
      .where(eq(partnerContacts.partnerId, partner?.id ?? -1));
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({
      companyRole: 'main',
      firstname: 'Jane',
      lastname: 'Doe',
      telegram: 'jane_doe',
      teams: 'jane@example.test',
    });
    // No user account is created before staff approve the request.
    expect(await rowCounts(t)).toMatchObject({
      users: before.users,
      partners: before.partners + 1,
      sessions: before.sessions,
    });

    const mails = await sentMails(t);
    const toManager = mails.filter((m) => m.to.includes(idle.email));
    expect(toManager).toHaveLength(1);
    expect(toManager[0]?.subject).toContain(payload.companyName as string);
    expect(toManager[0]?.body).toContain(email);
    expect(mails.filter((m) => m.to.includes(busy.email))).toHaveLength(0);
    const toApplicant = mails.filter((m) => m.to.toLowerCase().includes(email));
    expect(toApplicant).toHaveLength(1);
    expect(toApplicant[0]?.subject).toBe('Your request has been received');
  });

  it('accepts a payload without the optional state, telegram and teams', async () => {
    const { state: _s, telegram: _tg, teams: _tm, ...payload } = await registrationPayload(t);
    const res = await register(payload);
    expect(res.status).toBe(200);
    const nulls = await registrationPayload(t, { state: null, telegram: null, teams: null });
    expect((await register(nulls)).status).toBe(200);
  });

  it('accepts an e-mail of exactly 254 characters with a 64-character local part', async () => {
    const email = `${Date.now()}`.padStart(64, 'x').slice(0, 64) + emailOfLength(254, 64).slice(64);
    expect(email).toHaveLength(254);
    expect((await register(await registrationPayload(t, { email }))).status).toBe(200);
  });

  it('answers 409 when the e-mail belongs to a user or a partner, in any case, and writes nothing', async () => {
    const p = await createPartner(t);
    const staff = await createStaff(t, 'ROLE_ADMIN');
    const [lonePartner] = await t.database.db
      .insert(partners)
      .values({ companyName: 'Lone partner', email: `lone-${Date.now()}@example.test`, country: 'FR' })
      .returning();
    for (const email of [
      p.email,
      p.email.toUpperCase(),
      staff.email,
      staff.email.replace(/^s/, 'S'),
      lonePartner?.email ?? '',
    ]) {
      const before = await rowCounts(t);
      const res = await register(await registrationPayload(t, { email }));
      expect(res.status, email).toBe(409);
      expect(res.body).toMatchObject({ status: 409, message: EMAIL_EXISTS });
      expect(await rowCounts(t)).toEqual(before);
    }
  });

  it('answers 409, not 500, to the loser of two simultaneous requests with the same e-mail', async () => {
    const email = `race-${Date.now()}@example.test`;
    const before = await rowCounts(t);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async (i) =>
        register(await registrationPayload(t, { email: i % 2 ? email.toUpperCase() : email })),
      ),
    );
    const codes = answers.map((r) => r.status).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(errorBody(r, 409).message).toBe(EMAIL_EXISTS);
    expect((await rowCounts(t)).partners).toBe(before.partners + 1);
  });

  describe('validation (spec section 5): 400 by property path and nothing written', () => {
    const cases: [string, (p: Record<string, unknown>) => Record<string, unknown>, string, string?][] = [
      ...REQUIRED.map(
        (field) =>
          [
            `missing ${field}`,
            (p: Record<string, unknown>) => {
              const copy = { ...p };
              delete copy[field];
              return copy;
            },
            field,
            'This field is required.',
          ] as [string, (p: Record<string, unknown>) => Record<string, unknown>, string, string],
      ),
      ...(
        [
          'companyName',
          'firstname',
          'lastname',
          'address',
          'zipCode',
          'city',
          'email',
          'phoneNumber',
          'websiteUrl',
        ] as const
      ).map(
        (field) =>
          [
            `blank ${field}`,
            (p: Record<string, unknown>) => ({ ...p, [field]: '   ' }),
            field,
            'This field is required.',
          ] as [string, (p: Record<string, unknown>) => Record<string, unknown>, string, string],
      ),
      ['empty langs', (p) => ({ ...p, langs: [] }), 'langs', 'This field is required.'],
      ['unknown language', (p) => ({ ...p, langs: ['xx'] }), 'langs.0'],
      ['empty verticals', (p) => ({ ...p, verticals: [] }), 'verticals', 'This field is required.'],
      [
        'empty trafficSourceList',
        (p) => ({ ...p, trafficSourceList: [] }),
        'trafficSourceList',
        'This field is required.',
      ],
      [
        'empty geographicAreaList',
        (p) => ({ ...p, geographicAreaList: [] }),
        'geographicAreaList',
        'This field is required.',
      ],
      ['email without @', (p) => ({ ...p, email: 'not-an-email' }), 'email', 'Please enter a valid email address.'],
      [
        'email without domain dot',
        (p) => ({ ...p, email: 'jane@localhost' }),
        'email',
        'Please enter a valid email address.',
      ],
      [
        'email with spaces',
        (p) => ({ ...p, email: 'jane doe@example.com' }),
        'email',
        'Please enter a valid email address.',
      ],
      [
        'email over 254 characters',
        (p) => ({ ...p, email: emailOfLength(255, 10) }),
        'email',
        'Please enter a valid email address.',
      ],
      [
        'email local part over 64',
        (p) => ({ ...p, email: `${'a'.repeat(65)}@example.com` }),
        'email',
        'Please enter a valid email address.',
      ],
      [
        'websiteUrl not a URL',
        (p) => ({ ...p, websiteUrl: 'not a url' }),
        'websiteUrl',
        'Please enter a valid URL (http:// or https://).',
      ],
      [
        'websiteUrl javascript:',
        (p) => ({ ...p, websiteUrl: 'javascript:alert(1)' }),
        'websiteUrl',
        'Please enter a valid URL (http:// or https://).',
      ],
      [
        'websiteUrl ftp',
        (p) => ({ ...p, websiteUrl: 'ftp://example.com' }),
        'websiteUrl',
        'Please enter a valid URL (http:// or https://).',
      ],
      ['typology not in list', (p) => ({ ...p, typology: 'nope' }), 'typology', 'Please choose a value from the list.'],
      [
        'experience not in list',
        (p) => ({ ...p, experience: 'nope' }),
        'experience',
        'Please choose a value from the list.',
      ],
      [
        'revenue not in list',
        (p) => ({ ...p, estimatedMonthlyRevenue: 'nope' }),
        'estimatedMonthlyRevenue',
        'Please choose a value from the list.',
      ],
      [
        'vertical not in list',
        (p) => ({ ...p, verticals: ['nope'] }),
        'verticals.0',
        'Please choose a value from the list.',
      ],
      [
        'second vertical not in list',
        (p) => ({ ...p, verticals: [...(p.verticals as string[]), 'nope'] }),
        'verticals.1',
        'Please choose a value from the list.',
      ],
      [
        'traffic source not in list',
        (p) => ({ ...p, trafficSourceList: ['nope'] }),
        'trafficSourceList.0',
        'Please choose a value from the list.',
      ],
      [
        'area not in list',
        (p) => ({ ...p, geographicAreaList: ['nope'] }),
        'geographicAreaList.0',
        'Please choose a value from the list.',
      ],
      ['unknown country', (p) => ({ ...p, country: 'QQ' }), 'country', 'Please choose a value from the list.'],
      ['country not a code', (p) => ({ ...p, country: 'France' }), 'country', 'Please choose a value from the list.'],
      ['bad phone', (p) => ({ ...p, phoneNumber: 'call me' }), 'phoneNumber', 'The value has an invalid format.'],
      [
        'companyName too long',
        (p) => ({ ...p, companyName: 'x'.repeat(256) }),
        'companyName',
        'Must be at most 255 characters long.',
      ],
      ['state of the wrong type', (p) => ({ ...p, state: 12 }), 'state'],
      ['langs not an array', (p) => ({ ...p, langs: 'en' }), 'langs'],
      ['extra field', (p) => ({ ...p, isAdmin: true }), 'isAdmin', 'This field is not allowed.'],
    ];

    it.each(cases)('%s', async (_name, mutate, field, message) => {
      const payload = mutate(await registrationPayload(t));
      const before = await rowCounts(t);
      const res = await register(invalid(payload));
      const body = errorBody(res, 400);
      expect(body.status).toBe(400);
      expect(body.errors).toHaveProperty([field]);
      if (message) expect(body.errors?.[field]).toBe(message);
      expect(await rowCounts(t)).toEqual(before);
    });

    it('reports every problem at once', async () => {
      const res = await register(invalid({}));
      expect(Object.keys(errorBody(res, 400).errors ?? {}).sort()).toEqual([...REQUIRED].sort());
    });
  });
});
