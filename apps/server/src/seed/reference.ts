import { LANGUAGE_CODES, type DataListName } from '@portal/contracts';
import type { DbOrTx } from '../db/client.js';
import * as repo from './reference.repository.js';

/** Region codes Intl knows that are not countries (unions, pseudo-locales, unknown). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AN', 'CP', 'DG', 'EA', 'IC', 'TA']);

/**
 * The current code of a region code: itself, or the code a withdrawn one was replaced by (FX Metropolitan France is
 * FR, UK is GB, SU is RU …), as Unicode's locale canonicalisation knows them.
 */
export function currentRegionCode(code: string): string {
  return new Intl.Locale(Intl.getCanonicalLocales(`und-${code}`)[0]!).region ?? code;
}

/** Every two-letter code Intl names, with its current code: withdrawn codes are the ones that differ. */
function namedRegionCodes(): { code: string; current: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const result: { code: string; current: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code) || code.startsWith('X') || code.startsWith('Q')) continue;
      const name = names.of(code);
      if (name && name !== code) result.push({ code, current: currentRegionCode(code), name });
    }
  }
  return result;
}

/**
 * Every ISO 3166-1 alpha-2 country with its English name, from the runtime's ICU data, each country once: withdrawn
 * codes that ICU still names (FX beside FR, both 'France') are left out.
 */
export function isoCountries(): { isoCode: string; name: string }[] {
  return namedRegionCodes()
    .filter((region) => region.current === region.code)
    .map(({ code, name }) => ({ isoCode: code, name }));
}

/**
 * Installs seeded before the list was deduplicated hold withdrawn codes: their offers and partners move to the
 * current code, then the withdrawn rows go, so every country list shows each country once.
 */
async function dropWithdrawnCountries(db: DbOrTx): Promise<void> {
  const withdrawn = namedRegionCodes().filter((region) => region.current !== region.code);
  const present = await repo.presentCountries(
    db,
    withdrawn.map((region) => region.code),
  );
  if (present.length === 0) return;
  const currentOf = new Map(withdrawn.map((region) => [region.code, region.current]));
  await db.transaction(async (tx) => {
    for (const { isoCode } of present) {
      const current = currentOf.get(isoCode)!;
      await repo.replaceCountryCode(tx, isoCode, current);
    }
  });
}

export const VERTICALS: [string, string][] = [
  ['dating', 'Dating'],
  ['gaming', 'Gaming'],
  ['betting', 'Sports Betting'],
  ['casino', 'Casino'],
  ['finance', 'Finance'],
  ['crypto', 'Crypto'],
  ['insurance', 'Insurance'],
  ['nutra', 'Nutra'],
  ['health_beauty', 'Health & Beauty'],
  ['sweepstakes', 'Sweepstakes'],
  ['ecommerce', 'E-commerce'],
  ['education', 'Education'],
  ['travel', 'Travel'],
  ['mobile_apps', 'Mobile Apps'],
  ['utilities', 'Utilities & Software'],
];

export const DATA_LISTS: Partial<Record<DataListName, [string, string][]>> = {
  trafficSourceList: [
    ['seo', 'SEO / Content'],
    ['social', 'Social media'],
    ['email', 'E-mail marketing'],
    ['display', 'Display'],
    ['native', 'Native'],
    ['push', 'Push notifications'],
    ['search', 'Paid search'],
    ['influencers', 'Influencers'],
    ['cashback', 'Cashback / loyalty'],
    ['comparison', 'Comparison sites'],
    ['pop', 'Pop / redirect'],
    ['in_app', 'In-app'],
  ],
  typologyList: [
    ['publisher', 'Publisher / website'],
    ['media_buyer', 'Media buyer'],
    ['network', 'Affiliate network'],
    ['influencer', 'Influencer'],
    ['agency', 'Agency'],
    ['app_developer', 'App developer'],
    ['emailer', 'E-mail marketer'],
  ],
  experienceList: [
    ['lt1', 'Less than 1 year'],
    ['1to3', '1 to 3 years'],
    ['3to5', '3 to 5 years'],
    ['gt5', 'More than 5 years'],
  ],
  estimatedMonthlyRevenueList: [
    ['lt1k', 'Less than €1,000'],
    ['1k5k', '€1,000 to €5,000'],
    ['5k20k', '€5,000 to €20,000'],
    ['20k100k', '€20,000 to €100,000'],
    ['gt100k', 'More than €100,000'],
  ],
  geographicAreaList: [
    ['europe', 'Europe'],
    ['north_america', 'North America'],
    ['latam', 'Latin America'],
    ['apac', 'Asia-Pacific'],
    ['mena', 'Middle East & North Africa'],
    ['africa', 'Sub-Saharan Africa'],
    ['worldwide', 'Worldwide'],
  ],
  conversionTypeList: [
    ['cpa', 'CPA'],
    ['cpl', 'CPL'],
    ['cps', 'CPS (revenue share)'],
    ['cpi', 'CPI'],
    ['cpc', 'CPC'],
  ],
  invoiceStatusList: [
    ['waiting_for_approval', 'Waiting for approval'],
    ['invoice_validated', 'Invoice validated'],
    ['payment_in_progress', 'Payment in progress'],
    ['paid', 'Paid'],
  ],
  civilityList: [
    ['mr', 'Mr'],
    ['mrs', 'Mrs'],
    ['ms', 'Ms'],
    ['mx', 'Mx'],
  ],
  companyStatusList: [
    ['sole_trader', 'Sole trader'],
    ['ltd', 'Private limited company (Ltd)'],
    ['llc', 'Limited liability company (LLC)'],
    ['sas', 'SAS'],
    ['sarl', 'SARL'],
    ['gmbh', 'GmbH'],
    ['plc', 'Public limited company (PLC)'],
    ['other', 'Other'],
  ],
};

/** Goals an offer can pay on, with the conversion types they usually belong to. */
export const GOALS: { identifier: string; name: string; types: string[] }[] = [
  { identifier: 'registration', name: 'Registration', types: ['cpl', 'cpa'] },
  { identifier: 'validation', name: 'Validated account', types: ['cpl', 'cpa'] },
  { identifier: 'lead', name: 'Qualified lead', types: ['cpl'] },
  { identifier: 'first_deposit', name: 'First deposit', types: ['cpa', 'cps'] },
  { identifier: 'sale', name: 'Sale', types: ['cps', 'cpa'] },
  { identifier: 'subscription', name: 'Subscription', types: ['cpa', 'cps'] },
  { identifier: 'install', name: 'App install', types: ['cpi'] },
  { identifier: 'click', name: 'Qualified click', types: ['cpc'] },
];

/** Payout tiers: p1 is what every partner earns, p2 a negotiated premium. */
export const GOAL_TYPES: [string, string][] = [
  ['p1', 'Standard payout'],
  ['p2', 'Premium payout'],
];

/**
 * Goals and payout tiers: reference data the catalogue (and test fixtures) build on; idempotent. The goals are the
 * network's once it has any (decision 078): the starting eight go in only into an empty table, so a goal recoded,
 * renamed or retired by staff is never brought back as it was.
 */
export async function seedGoals(db: DbOrTx): Promise<void> {
  if (!(await repo.hasGoals(db))) await repo.insertGoals(db, GOALS);
  await repo.insertGoalTypes(
    db,
    GOAL_TYPES.map(([identifier, name]) => ({ identifier, name })),
  );
}

/** Reference data the product needs to work at all (countries, languages, verticals, data lists, goals); safe to run on every start. */
export async function seedReference(db: DbOrTx): Promise<void> {
  await repo.insertCountries(db, isoCountries());
  await dropWithdrawnCountries(db);
  const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
  await repo.insertLanguages(
    db,
    LANGUAGE_CODES.map((code) => ({ code, name: languageNames.of(code) ?? code })),
  );
  await repo.insertVerticals(
    db,
    VERTICALS.map(([identifier, name]) => ({ identifier, name })),
  );
  const items = Object.entries(DATA_LISTS).flatMap(([list, entries]) =>
    (entries ?? []).map(([value, label], position) => ({ list, value, label, position })),
  );
  await repo.insertDataListItems(db, items);
  await seedGoals(db);
}
