/**
 * Builds the real application for integration tests, on an in-memory PGlite database or,
 * when TEST_DATABASE_URL is set, on a fresh PostgreSQL database created for the test file
 * and dropped afterwards. Tests go through `app.inject`, as a client would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, inject } from 'vitest';
import { rowsOf } from '../src/db/bulk.js';
import { buildApp } from '../src/app.js';
import { testConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  authFailures,
  emailOutbox,
  partnerContacts,
  partners,
  passwordResetKeys,
  sessions,
  teams,
  users,
} from '../src/db/schema.js';
import { seedReference } from '../src/seed/reference.js';
import { hashPassword } from '../src/lib/passwords.js';
import { authEndpoints, registerEndpoints } from '@portal/contracts';
import { callEndpoint, type CallInput } from './call-endpoint.js';
import { releaseDatabase, templateDatabase } from './pglite-reuse.js';

export * from './call-endpoint.js';

export const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const databaseKind = databaseUrl ? 'postgres' : 'pglite';
/** TEST_PGLITE_WORKER=on: each test's embedded database in its own worker thread, as the server runs it (decision 104). */
const pgliteInWorker = process.env.TEST_PGLITE_WORKER === 'on';
/**
 * The same cluster without PgBouncer, when TEST_DATABASE_URL goes through one in transaction mode
 * (scripts/pgbouncer-tests.sh, decision 096): the test database is created, migrated and dropped through it, as
 * MIGRATION_DATABASE_URL migrates a server behind PgBouncer.
 */
const directUrl = process.env.TEST_DIRECT_DATABASE_URL || undefined;

/** A new database on the PostgreSQL server, a copy of the run's migrated template when there is one. */
async function createPostgresDatabase(
  poolUrl: string,
  template: string,
): Promise<{ url: string; migrationUrl?: string; drop: () => Promise<void> }> {
  const adminUrl = directUrl ?? poolUrl;
  const name = `portal_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(poolUrl);
  url.pathname = `/${name}`;
  const migrationUrl = new URL(adminUrl);
  migrationUrl.pathname = `/${name}`;
  return {
    url: url.toString(),
    ...(directUrl ? { migrationUrl: migrationUrl.toString() } : {}),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A clock tests can move: `clock.advance(ms)`. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** The migrated, reference-seeded cluster every in-memory test database starts from (test/pglite-template.ts). */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([fs.readFileSync(file)]);
  return template;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  dataDir: string;
  /** The PostgreSQL database of this app (PostgreSQL runs only). */
  databaseUrl?: string;
  /** The reports replica stand-in's own address (PostgreSQL runs with `reportsReplica` only). */
  replicaUrl?: string;
  close: () => Promise<void>;
};

/** The user agent of the tests' requests (a desktop Chrome, with the suite's name). */
export const TEST_BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 PortalTest/1.0';

/**
 * An in-memory embedded database: from the run's template, reset and reused across the worker's apps when PGlite runs
 * in this thread (test/pglite-reuse.ts); else a new one (migrated by the caller when there is no template).
 */
async function memoryDatabase(loaded: Blob | undefined): Promise<Database> {
  if (loaded && !pgliteInWorker) return templateDatabase(loaded);
  return openDatabase({ dataDir: 'memory://', pgliteWorker: pgliteInWorker, ...(loaded ? { pgliteTemplate: loaded } : {}) }); // prettier-ignore
}

/** The embedded databases a second app (`sameDatabaseAs`) still uses, by how many such apps are open. */
const sharers = new WeakMap<Database, number>();

export async function buildTestApp(
  options: {
    now?: () => Date;
    config?: Partial<AppConfig>;
    clickFlushIntervalMs?: number;
    /** POSTBACK_ALLOW_LOOPBACK (default false), for tests whose postback receivers listen on 127.0.0.1. */
    postbackAllowLoopback?: boolean;
    /**
     * A second app instance on the same database as another test app (a second server process): its own pool on
     * PostgreSQL, the same PGlite instance otherwise. Closing it leaves the database to the first app.
     */
    sameDatabaseAs?: TestApp;
    /** An embedded database persisted in this folder (a command-line tool's), instead of one in memory. */
    pgliteDataDir?: string;
    /**
     * A reports replica stand-in (decision 097): a second, empty database of the same kind that report reads go to,
     * whose lag the test sets.
     */
    reportsReplica?: {
      /** The replica's lag; unset, the server reads it from the stand-in (a primary: 0, or a failure when cut off). */
      lagSeconds?: () => Promise<number>;
      /** PostgreSQL: the address the server reaches the stand-in by (a proxy the test cuts), given the stand-in's. */
      via?: (url: string) => Promise<string>;
    };
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let ownUrl: string | undefined;
  let fromTemplate = false;
  const shared = options.sameDatabaseAs;
  if (shared) {
    ownUrl = shared.databaseUrl;
    const own = ownUrl ? await openDatabase({ databaseUrl: ownUrl, poolSize: 5 }) : undefined;
    if (!own) sharers.set(shared.database, (sharers.get(shared.database) ?? 0) + 1);
    database = own ?? {
      ...shared.database,
      close: async () => void sharers.set(shared.database, (sharers.get(shared.database) ?? 1) - 1),
    };
  } else if (databaseUrl) {
    const template = inject('postgresTemplate');
    fromTemplate = Boolean(template);
    const created = await createPostgresDatabase(databaseUrl, template);
    drop = created.drop;
    ownUrl = created.url;
    database = await openDatabase({
      databaseUrl: created.url,
      migrationDatabaseUrl: created.migrationUrl,
      poolSize: 5,
    });
  } else if (options.pgliteDataDir) {
    database = await openDatabase({ dataDir: options.pgliteDataDir, pgliteWorker: pgliteInWorker });
  } else {
    const loaded = pgliteTemplate();
    fromTemplate = loaded !== undefined;
    database = await memoryDatabase(loaded);
  }
  if (!shared && !fromTemplate) {
    await database.migrate();
    await seedReference(database.db);
  }
  let replica: { database: Database; drop?: () => Promise<void>; url?: string } | undefined;
  if (options.reportsReplica) {
    if (databaseUrl) {
      const created = await createPostgresDatabase(databaseUrl, inject('postgresTemplate'));
      const via = options.reportsReplica.via;
      const reached = via ? await via(created.url) : created.url;
      const own = await openDatabase({ databaseUrl: reached, migrationDatabaseUrl: created.migrationUrl, poolSize: 2 }); // prettier-ignore
      replica = { database: own, drop: created.drop, url: created.url };
    } else {
      const loaded = pgliteTemplate();
      replica = { database: await memoryDatabase(loaded) };
      if (!loaded) await replica.database.migrate();
    }
    if (databaseUrl && !inject('postgresTemplate')) {
      await replica.database.migrate();
      await seedReference(replica.database.db);
    }
  }
  const config = testConfig({
    dataDir,
    publicUrl: 'https://portal.example.test',
    webDist: path.join(dataDir, 'no-web'),
    ...(options.postbackAllowLoopback !== undefined ? { postbackAllowLoopback: options.postbackAllowLoopback } : {}),
    ...options.config,
  });
  const app = await buildApp({
    config,
    database,
    workers: false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.clickFlushIntervalMs ? { clickFlushIntervalMs: options.clickFlushIntervalMs } : {}),
    ...(replica && options.reportsReplica
      ? { reports: { database: replica.database, ...(options.reportsReplica.lagSeconds ? { lagSeconds: options.reportsReplica.lagSeconds } : {}) } } // prettier-ignore
      : {}),
  });
  await app.ready();
  // Requests present a browser's user agent unless the test sets one: light-my-request's own ("lightMyRequest") is a
  // bot's to isbot, and /click refuses bots by default (decision 102). A test of a missing one sends `user-agent: ''`.
  const injectRequest = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((opts?: unknown, callback?: unknown) => {
    let request = opts;
    if (typeof request === 'string') request = { url: request };
    if (request && typeof request === 'object') {
      const headers = (request as { headers?: Record<string, unknown> }).headers ?? {};
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent'))
        request = { ...request, headers: { ...headers, 'user-agent': TEST_BROWSER } };
    }
    return request === undefined
      ? injectRequest()
      : callback === undefined
        ? injectRequest(request)
        : injectRequest(request, callback);
  }) as typeof app.inject;
  return {
    app,
    database,
    config,
    dataDir,
    ...(ownUrl ? { databaseUrl: ownUrl } : {}),
    ...(replica?.url ? { replicaUrl: replica.url } : {}),
    close: async () => {
      await app.close();
      // Still open to a second app of the same database: closed as before, never handed to another file.
      await (sharers.get(database) ? database.close() : releaseDatabase(database));
      if (replica) await releaseDatabase(replica.database);
      await replica?.drop?.();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

/**
 * A test account's password hash, made once per password and worker (argon2id at OWASP's cost took 68 ms a hash: the
 * suite creates hundreds of accounts). Each verifies as any argon2id hash does; only the salt is shared.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** An active partner with a signed-up partner user; answers its ids and credentials. */
export async function createPartner(
  t: TestApp,
  overrides: { status?: string; companyName?: string; accountManagerId?: number | null } = {},
) {
  sequence += 1;
  const email = `partner${sequence}-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'Partner2025!';
  const db = t.database.db;
  const [partner] = await db
    .insert(partners)
    .values({
      companyName: overrides.companyName ?? `Partner ${sequence}`,
      email,
      status: overrides.status ?? 'active',
      accountManagerId: overrides.accountManagerId ?? null,
      country: 'FR',
    })
    .returning();
  if (!partner) throw new Error('no partner');
  await db
    .insert(partnerContacts)
    .values({ partnerId: partner.id, companyRole: 'main', firstname: 'Pat', lastname: `Tester${sequence}`, email });
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(password),
      firstname: 'Pat',
      lastname: `Tester${sequence}`,
      roles: ['ROLE_PARTNER'],
      partnerId: partner.id,
    })
    .returning();
  if (!user) throw new Error('no user');
  return { partnerId: partner.id, userId: user.id, email, password };
}

/** A team, for team managers' reach (decision 036). */
export async function createTeam(t: TestApp, name = `Team ${randomBytes(3).toString('hex')}`): Promise<number> {
  const [team] = await t.database.db.insert(teams).values({ name }).returning({ id: teams.id });
  if (!team) throw new Error('no team');
  return team.id;
}

export async function createStaff(
  t: TestApp,
  role: 'ROLE_ADMIN' | 'ROLE_ACCOUNT_MANAGER' | 'ROLE_TEAM_MANAGER' | 'ROLE_FINANCE',
  options: { teamId?: number | null } = {},
) {
  sequence += 1;
  const email = `staff${sequence}-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'Staff2025!';
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(password),
      firstname: 'Sam',
      lastname: `Staff${sequence}`,
      roles: [role],
      accountManager: role === 'ROLE_ACCOUNT_MANAGER',
      teamManager: role === 'ROLE_TEAM_MANAGER',
      telegram: 'sam_staff',
      teams: 'sam@example.test',
      teamId: options.teamId ?? null,
    })
    .returning();
  if (!user) throw new Error('no user');
  return { userId: user.id, email, password };
}

/** An advertiser portal user of this advertiser (decision 087), with a password. */
export async function createAdvertiserUser(t: TestApp, advertiserId: number) {
  sequence += 1;
  const email = `advertiser${sequence}-${randomBytes(3).toString('hex')}@example.test`;
  const password = 'Advertiser2025!';
  const [user] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashOnce(password),
      firstname: 'Ada',
      lastname: `Vert${sequence}`,
      roles: ['ROLE_ADVERTISER'],
      advertiserId,
    })
    .returning();
  if (!user) throw new Error('no user');
  return { userId: user.id, email, password };
}

export async function login(t: TestApp, email: string, password: string, ip = '10.0.0.1'): Promise<string> {
  const res = await callEndpoint(
    t.app,
    authEndpoints.login,
    { body: { username: email, password }, remoteAddress: ip },
    null,
  );
  if (!res.ok) throw new Error(`login failed: ${res.status} ${res.raw.body}`);
  const session = res.body.data;
  if (!('bearer' in session)) throw new Error('login answered a two-factor challenge: sign in with the code');
  return session.bearer;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Reads the messages the mail worker wrote to DATA_DIR/outbox, decoded from quoted-printable. */
export async function sentMails(t: TestApp) {
  await t.app.ctx.mailer.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      // Bytes as latin1 characters, quoted-printable undone, then read as UTF-8: '€' (=E2=82=AC) is one character,
      // not three of which one (U+0082) would pass for a control character.
      const raw = fs.readFileSync(path.join(dir, file), 'latin1');
      const bytes = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      const decoded = Buffer.from(bytes, 'latin1').toString('utf8');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(decoded)?.[1]?.trim() ?? '';
      return { file, to: header('To'), subject: header('Subject'), body: decoded };
    });
}

export function resetKeyFrom(body: string): string {
  const match = /password-reset\?key=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match?.[1]) throw new Error('no reset link in mail');
  return decodeURIComponent(match[1]);
}

/** Row counts of the tables a request could write to, to prove a refused request wrote nothing. */
export async function rowCounts(t: TestApp) {
  const tables = { partners, users, sessions, passwordResetKeys, emailOutbox, partnerContacts, authFailures };
  // One round trip: this runs around every request of the bad-input tests.
  const columns = sql.join(
    Object.entries(tables).map(([name, table]) => sql`(select count(*) from ${table})::int as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = await t.database.db.execute(sql`select ${columns}`);
  const row = rowsOf<Record<string, number | string>>(result)[0]!;
  return Object.fromEntries(Object.keys(tables).map((name) => [name, Number(row[name])])) as Record<
    keyof typeof tables,
    number
  >;
}

/** What POST /register takes. */
type RegistrationBody = CallInput<typeof registerEndpoints.register>['body'];

/**
 * A complete, valid registration payload built from the lists GET /register/options offers; `overrides` may make it
 * invalid on purpose (the register tests do), hence the type is the contract's without a check of them.
 */
export async function registrationPayload(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<RegistrationBody & { email: string; companyName: string }> {
  const res = await callEndpoint(t.app, registerEndpoints.options, {}, null);
  if (!res.ok) throw new Error(`register/options failed: ${res.status}`);
  const { countries, languages, data } = res.body.data;
  const first = (list: keyof typeof data) => {
    const value = data[list]?.[0]?.value;
    if (!value) throw new Error(`empty list ${list}`);
    return value;
  };
  sequence += 1;
  return {
    companyName: `Acme Media ${sequence}`,
    firstname: 'Jane',
    lastname: 'Doe',
    address: '1 rue de la Paix',
    zipCode: '75002',
    city: 'Paris',
    state: 'Ile-de-France',
    country: countries.find((c) => c.isoCode === 'FR')?.isoCode ?? countries[0]?.isoCode,
    email: `applicant${sequence}-${randomBytes(3).toString('hex')}@example.test`,
    phoneNumber: '+33 1 23 45 67 89',
    langs: [languages[0]?.code],
    telegram: 'jane_doe',
    teams: 'jane@example.test',
    trafficSourceList: [first('trafficSourceList')],
    typology: first('typologyList'),
    experience: first('experienceList'),
    verticals: [first('verticalList')],
    estimatedMonthlyRevenue: first('estimatedMonthlyRevenueList'),
    geographicAreaList: [first('geographicAreaList')],
    websiteUrl: 'https://acme-media.example.com',
    ...overrides,
  } as RegistrationBody & { email: string; companyName: string };
}

/** Asserts an answer is the spec's error object with the given status. */
export function expectErrorObject(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['data', 'errors', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe('string');
}

/** A small real PNG (decodable by any viewer), generated on the fly. */
export async function samplePng(width = 8, height = 8): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** A minimal well-formed PDF; `padding` bytes of comment make it as large as a test needs. */
export function samplePdf(padding = 0): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    `%${'x'.repeat(padding)}`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.from(body, 'latin1');
}

/** A file as the portal sends it: a base64 data URL (the declared type is not trusted by the server). */
export const dataUrl = (bytes: Buffer, type = 'application/octet-stream') =>
  `data:${type};base64,${bytes.toString('base64')}`;
