import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BASE_CURRENCIES, OVERRIDE_APPROVAL_ABOVE_PERCENT } from '@portal/contracts';
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment setting the server reads, as it reads it (README's Configuration table lists each one). */
const EnvVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A direct connection for migrations when DATABASE_URL goes through PgBouncer in transaction mode (decision 096). */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A read replica for partner and network report reads and CSV exports (decision 097). */
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Replica lag past which a report says how old its data may be; past twice this, reports read the primary. */
  REPLICA_MAX_LAG_S: z.coerce.number().int().min(1).max(86_400).default(30),
  /** The bearer token GET /metrics asks for; without it the endpoint is off (404). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Seconds /readyz answers 503 after SIGTERM while the server still serves, so a load balancer drains it first. */
  DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Partner Portal <no-reply@portal.localhost>'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /**
   * How long a signed-in reader's page waits for the answers it carries (decision 151), in ms; an answer slower than
   * this is left out (the app asks it). 0: pages carry none.
   */
  FIRST_ANSWERS_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(250),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  /**
   * Per account: failures before a growing delay (2^(n - limit) s after the last one, at most 15 minutes);
   * per IP: failures allowed in a 15-minute window. Both answer 429 with Retry-After (decision 030).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Registration requests (409s included) allowed per client IP in an hour before 429 (decision 029). */
  REGISTER_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Postbacks with a wrong token allowed per client IP in a minute before 429 (decision 029). */
  POSTBACK_MAX_BAD_TOKENS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Development only: partner postbacks may reach loopback addresses (decision 019). */
  POSTBACK_ALLOW_LOOPBACK: bool.default(false),
  /** Days an advertiser's postback log keeps its entries (decision 044); the conversions themselves stay. */
  POSTBACK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The daily billing job at 02:00 Paris (decision 070): 'off' where billing is run by hand only. */
  BILLING_JOB: z.enum(['on', 'off']).default('on'),
  /**
   * The conversion rules on /postback and the tag (decision 101): 'off' records every conversion as before them (a
   * test suite whose postbacks follow their clicks at once; the rules are tested with them on).
   */
  CONVERSION_RULES: z.enum(['on', 'off']).default('on'),
  /** A country MMDB file (GeoLite2-Country, …) for the clicks' countries; default: the bundled one (decision 044). */
  GEOIP_DATABASE: z.string().min(1).optional(),
  /** The network's legal name and address, '|' between lines: the invoices' addressee (decision 027). */
  /** The click journal (decision 053): on disk under DATA_DIR, what a hard kill or a database outage cannot lose. */
  CLICK_JOURNAL: z.enum(['on', 'off']).default('on'),
  /**
   * The embedded database (PGlite) in its own thread, off the event loop (decisions 104, 121): a click batch never stops
   * answering. 'off': in the main thread, as before 104 (one thread less, each query a message cheaper).
   */
  PGLITE_WORKER: z.enum(['on', 'off']).default('on'),
  CLICK_JOURNAL_SYNC_MS: z.coerce.number().int().min(1).max(1000).default(50),
  CLICK_JOURNAL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(1024 ** 3),
  /** Raw clicks kept this many whole months back; older monthly partitions are dropped (decision 054). */
  CLICK_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  /** Clicks held in memory while the database is away; past it they wait in the journal only. */
  CLICK_BUFFER_MAX_CLICKS: z.coerce.number().int().min(100).default(50_000),
  /**
   * An account or team manager's payout override more than this percent above the goal's own payout (or below
   * zero margin) waits for an admin's approval (decision 063).
   */
  OVERRIDE_APPROVAL_ABOVE_PERCENT: z.coerce.number().int().min(0).max(1000).default(OVERRIDE_APPROVAL_ABOVE_PERCENT),
  /** Days a partner's unpaid invoices are held after its bank details change (decision 072). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** The currency network reports convert to with `currency=base` (decision 111): one the network pays in. */
  BASE_CURRENCY: z.enum(BASE_CURRENCIES).default('EUR'),
  /** The ECB's daily reference rates (XML), fetched once a day into the rates table; unreachable: logged, kept. */
  FX_RATES_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
  NETWORK_NAME: z.string().min(1).max(200).default('Demo Affiliate Network SAS'),
  NETWORK_ADDRESS: z.string().min(1).max(500).default('10 rue de la Paix|75002 Paris|France'),
  /**
   * The account the network pays partners from (decision 073): the debtor of its SEPA payment batches. An IBAN in a
   * SEPA country (spaces allowed) and its BIC; the start refuses a malformed one. The defaults are a demo account.
   */
  NETWORK_IBAN: z
    .string()
    .transform((value) => electronicFormatIBAN(value) ?? '')
    .refine((iban) => isValidIBAN(iban), { message: 'not a valid IBAN' })
    .refine((iban) => isSEPACountry(iban.slice(0, 2)), { message: 'not an IBAN of a SEPA country' })
    .default('FR7630006000011234567890189'),
  NETWORK_BIC: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine((bic) => isValidBIC(bic), { message: 'not a valid BIC' })
    .default('AGRIFRPP'),
});

/** The names of the settings the server reads, and their defaults as parsed (README's table is checked against them). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvVariables.shape);
export const configDefaults = (): Record<string, unknown> => EnvVariables.parse({});

const EnvSchema = EnvVariables.transform((env) => ({
  nodeEnv: env.NODE_ENV,
  host: env.HOST,
  port: env.PORT,
  dataDir: path.resolve(env.DATA_DIR),
  databaseUrl: env.DATABASE_URL,
  migrationDatabaseUrl: env.MIGRATION_DATABASE_URL,
  reportsDatabaseUrl: env.REPORTS_DATABASE_URL,
  replicaMaxLagS: env.REPLICA_MAX_LAG_S,
  metricsToken: env.METRICS_TOKEN,
  drainSeconds: env.DRAIN_SECONDS,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  logLevel: env.LOG_LEVEL,
  webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
  firstAnswersWaitMs: env.FIRST_ANSWERS_WAIT_MS,
  seedDemo: env.SEED_DEMO,
  trustProxy: env.TRUST_PROXY,
  loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  loginMaxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
  registerMaxPerIpPerHour: env.REGISTER_MAX_PER_IP_PER_HOUR,
  postbackMaxBadTokensPerIp: env.POSTBACK_MAX_BAD_TOKENS_PER_IP,
  postbackAllowLoopback: env.POSTBACK_ALLOW_LOOPBACK,
  postbackLogRetentionDays: env.POSTBACK_LOG_RETENTION_DAYS,
  billingJob: env.BILLING_JOB === 'on',
  conversionRules: env.CONVERSION_RULES === 'on',
  clickJournal: env.CLICK_JOURNAL === 'on' ? path.join(path.resolve(env.DATA_DIR), 'click-journal') : null,
  clickJournalSyncMs: env.CLICK_JOURNAL_SYNC_MS,
  pgliteWorker: env.PGLITE_WORKER === 'on',
  clickJournalMaxBytes: env.CLICK_JOURNAL_MAX_BYTES,
  clickBufferMaxClicks: env.CLICK_BUFFER_MAX_CLICKS,
  clickRetentionMonths: env.CLICK_RETENTION_MONTHS,
  overrideApprovalAbovePercent: env.OVERRIDE_APPROVAL_ABOVE_PERCENT,
  payoutHoldDays: env.PAYOUT_HOLD_DAYS,
  baseCurrency: env.BASE_CURRENCY,
  fxRatesUrl: env.FX_RATES_URL,
  geoipDatabase: env.GEOIP_DATABASE ? path.resolve(env.GEOIP_DATABASE) : undefined,
  network: {
    name: env.NETWORK_NAME,
    address: env.NETWORK_ADDRESS.split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    iban: env.NETWORK_IBAN,
    bic: env.NETWORK_BIC,
  },
}));

export type AppConfig = z.infer<typeof EnvSchema>;

/** Parses the environment once; a bad variable stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A configuration for tests: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // The conversion rules are on, as in a deployment (decision 109's addendum); a test turns them off to test `off`.
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), ...overrides }; // prettier-ignore
  // The journal lives in the test's own data folder unless a test says otherwise.
  if (!('clickJournal' in overrides)) config.clickJournal = path.join(config.dataDir, 'click-journal');
  return config;
}
