import { hashPassword, verifyPassword } from '../lib/passwords.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/client.js';
import type { FileStorage } from '../lib/storage.js';
import { seedAdvertiserInvoices } from './advertiser-billing.js';
import { seedBilling } from './billing.js';
import { DEMO_OFFERS, renderCataloguePictures, seedCatalogue } from './catalogue.js';
import { seedNews } from './news.js';
import { seedPartnerPipeline } from './partners.js';
import { avatarPng, storePicture } from './pictures.js';
import { seedReference } from './reference.js';
import { seedTraffic } from './traffic.js';
import { seedFxRates } from './fx-rates.js';
import { seedCapsAndOverrides } from './caps.js';
import * as repo from './seed.repository.js';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.test', password: 'Admin2025!' },
  manager: { email: 'manager@demo.test', password: 'Manager2025!' },
  partner: { email: 'partner@demo.test', password: 'Partner2025!' },
  bluebird: { email: 'bluebird@demo.test', password: 'Partner2025!' },
  /** A third partner for the account-settings end-to-end tests (2FA, password change). */
  kestrel: { email: 'kestrel@demo.test', password: 'Partner2025!' },
  /** A second user of Kestrel Digital, whose sign-in the account-settings tests leave alone. */
  kestrelReports: { email: 'kestrel.reports@demo.test', password: 'Partner2025!' },
  /** Heron Deals, paid weekly: its latest weeks stay for the billing run to bill (the conversion-reversal spec's). */
  heron: { email: 'heron@demo.test', password: 'Partner2025!' },
  /** The second account manager (Bluebird Apps). */
  lucas: { email: 'lucas.moreau@demo.test', password: 'Staff2025!' },
  /** The manager of the Paris team (Claire Martin's partners). */
  sophie: { email: 'sophie.bernard@demo.test', password: 'Staff2025!' },
  /** The manager of the second team, Lyon Performance (Lucas Moreau's partners). */
  teamManager: { email: 'team@demo.test', password: 'Team2025!' },
  /** Finance: every partner's billing, invoices and payment details, nothing else. */
  finance: { email: 'finance@demo.test', password: 'Finance2025!' },
  /** A second finance user: a payment batch one of them builds, the other approves (four eyes, decision 073). */
  accounts: { email: 'accounts@demo.test', password: 'Finance2025!' },
} as const;

/**
 * The demo accounts that still sign in with the password this file publishes (README): while any does, the install
 * is open to anyone who reads the source, and every start says so (decision 028).
 */
export async function demoAccountsWithPublishedPasswords(db: AppContext['db']): Promise<string[]> {
  const published = new Map<string, string>(Object.values(DEMO_ACCOUNTS).map((a) => [a.email, a.password]));
  const rows = await repo.usersWithPasswords(db, [...published.keys()]);
  const open = await Promise.all(
    rows.map(async (row) => {
      const password = published.get(row.email.toLowerCase());
      return row.enabled && password && (await verifyPassword(row.hash, password)) ? row.email : null;
    }),
  );
  return open.filter((email): email is string => email !== null).sort();
}

/**
 * Seeds reference data always, and a believable demo network when the database has no user:
 * an admin, two account managers (with photos and handles), a team manager, and an active
 * affiliate partner with company, contact and payment details, then 90 days of their traffic through
 * the tracking code (decision 018; `traffic: false` leaves it out). Answers whether it seeded.
 */
export async function seedDemo(
  ctx: AppContext,
  options: {
    traffic?: boolean;
    /** The traffic's volume (1, the demo's; tests use less). */ trafficScale?: number;
  } = {},
): Promise<boolean> {
  const { db, storage } = ctx;
  await seedReference(db);
  if ((await repo.userCount(db)) > 0) return false;

  const [admin, manager, partner, other, team, finance] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.manager.password),
    hashPassword(DEMO_ACCOUNTS.partner.password),
    hashPassword(DEMO_ACCOUNTS.lucas.password),
    hashPassword(DEMO_ACCOUNTS.teamManager.password),
    hashPassword(DEMO_ACCOUNTS.finance.password),
  ]);
  const hashes: Hashes = { admin, manager, partner, other, team, finance };
  const managerPhoto = await avatarPng('CM', '#1c7ed6', '#7048e8');
  const secondPhoto = await avatarPng('LM', '#0ca678', '#1098ad');
  const cataloguePictures = await renderCataloguePictures();

  await db.transaction(async (tx) => {
    const { managerId } = await seedStaff(tx, storage, hashes, { managerPhoto, secondPhoto });
    const northwindId = await seedNorthwind(tx, managerId, hashes.partner);
    const bluebirdId = await seedBluebird(tx, hashes.partner);
    await seedCatalogue(tx, storage, cataloguePictures, { northwindId, bluebirdId });
    await seedKestrel(tx, managerId, hashes.partner);
    await seedHeron(tx, managerId, hashes.partner);
  });
  await seedPartnerPipeline(db, storage, ctx.now(), {
    claire: DEMO_ACCOUNTS.manager.email,
    lucas: DEMO_ACCOUNTS.lucas.email,
  });
  await seedNews(db, storage, ctx.now());
  // A year of reference rates, so that the reports' base currency converts offline (decision 111).
  await seedFxRates(db, ctx.now());
  if (options.traffic !== false) {
    await seedTraffic(db, { now: ctx.now(), scale: options.trafficScale });
    // The months the traffic covers, billed by the real billing run (decision 052).
    await seedBilling(ctx, ctx.now(), { finance: DEMO_ACCOUNTS.finance.email });
    // And the advertisers invoiced for the same months, some paid, some late (decision 073).
    await seedAdvertiserInvoices(ctx, ctx.now(), { finance: DEMO_ACCOUNTS.finance.email });
  }
  await seedCapsAndOverrides(db, ctx.now(), { admin: DEMO_ACCOUNTS.admin.email, partner: DEMO_ACCOUNTS.partner.email });
  // After the replayed traffic, so that its conversions do not queue deliveries to these made-up trackers.
  await seedPostbacks(db, ctx.now());
  return true;
}

/** The demo's password hashes, one for each published password (Lucas and Sophie share theirs). */
type Hashes = Record<'admin' | 'manager' | 'partner' | 'other' | 'team' | 'finance', string>;

/** The staff: an admin, two account managers with photos, two team managers over two teams, two finance users. */
async function seedStaff(
  tx: DbOrTx,
  storage: FileStorage,
  hashes: Hashes,
  photos: { managerPhoto: Buffer; secondPhoto: Buffer },
): Promise<{ managerId: number | null }> {
  const { managerPhoto, secondPhoto } = photos;
  const managerImageId = await storePicture(tx, storage, managerPhoto, 'avatar', 'claire-martin.png');
  const secondImageId = await storePicture(tx, storage, secondPhoto, 'avatar', 'lucas-moreau.png');
  const [team, lyon] = await repo.insertTeams(tx, [{ name: 'Paris Affiliates' }, { name: 'Lyon Performance' }]);
  const [admin, manager] = await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.admin.email,
      passwordHash: hashes.admin,
      firstname: 'Alex',
      lastname: 'Admin',
      roles: ['ROLE_ADMIN'],
      timezone: '+01:00',
    },
    {
      email: DEMO_ACCOUNTS.manager.email,
      passwordHash: hashes.manager,
      firstname: 'Claire',
      lastname: 'Martin',
      nickname: 'Claire',
      telegram: 'claire_martin_am',
      teams: 'claire.martin@demo.test',
      phone: '+33 1 84 88 41 00',
      accountManager: true,
      roles: ['ROLE_ACCOUNT_MANAGER'],
      imageId: managerImageId,
      teamId: team?.id ?? null,
      authorizedCountries: ['FR', 'BE', 'CH', 'LU'],
      timezone: '+01:00',
    },
  ]);
  await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.lucas.email,
      passwordHash: hashes.other,
      firstname: 'Lucas',
      lastname: 'Moreau',
      telegram: 'lucas_moreau_am',
      teams: 'lucas.moreau@demo.test',
      accountManager: true,
      roles: ['ROLE_ACCOUNT_MANAGER'],
      imageId: secondImageId,
      teamId: lyon?.id ?? null,
      managerId: admin?.id ?? null,
    },
    {
      email: DEMO_ACCOUNTS.sophie.email,
      passwordHash: hashes.other,
      firstname: 'Sophie',
      lastname: 'Bernard',
      teamManager: true,
      roles: ['ROLE_TEAM_MANAGER'],
      teamId: team?.id ?? null,
    },
    {
      email: DEMO_ACCOUNTS.teamManager.email,
      passwordHash: hashes.team,
      firstname: 'Théo',
      lastname: 'Garnier',
      teamManager: true,
      roles: ['ROLE_TEAM_MANAGER'],
      teamId: lyon?.id ?? null,
      timezone: '+01:00',
    },
    {
      email: DEMO_ACCOUNTS.finance.email,
      passwordHash: hashes.finance,
      firstname: 'Fatou',
      lastname: 'Diallo',
      roles: ['ROLE_FINANCE'],
      timezone: '+01:00',
    },
    {
      email: DEMO_ACCOUNTS.accounts.email,
      passwordHash: hashes.finance,
      firstname: 'Hugo',
      lastname: 'Lefebvre',
      roles: ['ROLE_FINANCE'],
      timezone: '+01:00',
    },
  ]);
  const teamManagers = await repo.userIdsByEmail(tx, [DEMO_ACCOUNTS.sophie.email, DEMO_ACCOUNTS.teamManager.email]);
  const managerOf = (email: string) => teamManagers.find((u) => u.email === email)?.id ?? null;
  if (team) await repo.setTeamManager(tx, team.id, managerOf(DEMO_ACCOUNTS.sophie.email));
  if (lyon) await repo.setTeamManager(tx, lyon.id, managerOf(DEMO_ACCOUNTS.teamManager.email));
  return { managerId: manager?.id ?? null };
}

/** Northwind Media, Claire Martin's active affiliate: the partner the demo signs in as. */
async function seedNorthwind(tx: DbOrTx, managerId: number | null, passwordHash: string): Promise<number> {
  const [partner] = await repo.insertPartner(tx, {
    accountManagerId: managerId,
    accountType: 'affiliate',
    status: 'active',
    prospect: false,
    companyStatus: 'sas',
    companyName: 'Northwind Media',
    companyRegistrationNumber: '852 147 963 00021',
    companyVatNumber: 'FR32852147963',
    langs: ['fr', 'en'],
    country: 'FR',
    address: '18 rue de la Pépinière',
    zipCode: '75008',
    city: 'Paris',
    state: 'Île-de-France',
    email: DEMO_ACCOUNTS.partner.email,
    phoneNumber: '+33 6 12 34 56 78',
    typology: 'publisher',
    verticals: ['finance', 'insurance', 'ecommerce'],
    geographicAreas: ['europe'],
    trafficSources: ['seo', 'email', 'social'],
    experience: '3to5',
    monthlyEstimateRevenue: '5k20k',
    websiteUrl: 'https://www.northwind-media.example',
    paymentThreshold: 10_000,
    paymentTerms: 'net30',
    paymentCurrency: 'EUR',
    paymentMethod: 'wire',
    accountHolder: 'Northwind Media SAS',
    bankName: 'BNP Paribas',
    bankAddress: '16 boulevard des Italiens, 75009 Paris',
    iban: 'FR7630006000011234567890189',
    swift: 'BNPAFRPPXXX',
    allOffersAccess: true,
  });
  if (!partner) throw new Error('partner insert returned nothing');
  await repo.insertPartnerContact(tx, {
    partnerId: partner.id,
    companyRole: 'main',
    civility: 'ms',
    firstname: 'Emma',
    lastname: 'Laurent',
    nickname: 'Emma',
    email: DEMO_ACCOUNTS.partner.email,
    phoneNumber: '+33 6 12 34 56 78',
    telegram: 'emma_northwind',
    teams: 'emma.laurent@northwind-media.example',
  });
  await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.partner.email,
      passwordHash,
      firstname: 'Emma',
      lastname: 'Laurent',
      roles: ['ROLE_PARTNER'],
      partnerId: partner.id,
    },
  ]);
  return partner.id;
}

/** Bluebird Apps: a second, smaller partner of the other account manager, so that the network is not one partner. */
async function seedBluebird(tx: DbOrTx, passwordHash: string): Promise<number> {
  const lucasId = await repo.userIdByEmail(tx, DEMO_ACCOUNTS.lucas.email);
  const [bluebird] = await repo.insertPartner(tx, {
    accountManagerId: lucasId,
    accountType: 'mediabuy',
    status: 'active',
    companyStatus: 'ltd',
    companyName: 'Bluebird Apps',
    companyRegistrationNumber: '12845730',
    companyVatNumber: 'GB284573019',
    langs: ['en'],
    country: 'GB',
    address: '40 Bank Street',
    zipCode: 'E14 5NR',
    city: 'London',
    email: DEMO_ACCOUNTS.bluebird.email,
    phoneNumber: '+44 20 7946 0321',
    typology: 'media_buyer',
    verticals: ['gaming', 'mobile_apps'],
    geographicAreas: ['europe', 'north_america'],
    trafficSources: ['in_app', 'social', 'native'],
    experience: 'gt5',
    monthlyEstimateRevenue: '20k100k',
    websiteUrl: 'https://bluebird-apps.example',
    paymentThreshold: 10_000,
    paymentTerms: 'net15',
    paymentCurrency: 'EUR',
    accountHolder: 'Bluebird Apps Ltd',
    bankName: 'Barclays',
    iban: 'GB33BUKB20201555555555',
    swift: 'BUKBGB22',
  });
  if (!bluebird) throw new Error('partner insert returned nothing');
  await repo.insertPartnerContact(tx, {
    partnerId: bluebird.id,
    companyRole: 'main',
    civility: 'mr',
    firstname: 'Oliver',
    lastname: 'Hughes',
    email: DEMO_ACCOUNTS.bluebird.email,
    phoneNumber: '+44 20 7946 0321',
    telegram: 'oliver_bluebird',
  });
  await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.bluebird.email,
      passwordHash,
      firstname: 'Oliver',
      lastname: 'Hughes',
      roles: ['ROLE_PARTNER'],
      partnerId: bluebird.id,
    },
  ]);
  return bluebird.id;
}

/** Kestrel Digital, Claire Martin's third partner, with two users: one for the account-settings tests to change. */
async function seedKestrel(tx: DbOrTx, managerId: number | null, passwordHash: string): Promise<void> {
  const [kestrel] = await repo.insertPartner(tx, {
    accountManagerId: managerId,
    accountType: 'affiliate',
    status: 'active',
    companyStatus: 'gmbh',
    companyName: 'Kestrel Digital',
    companyRegistrationNumber: 'HRB 214578',
    companyVatNumber: 'DE298745612',
    langs: ['de', 'en'],
    country: 'DE',
    address: 'Torstraße 140',
    zipCode: '10119',
    city: 'Berlin',
    email: DEMO_ACCOUNTS.kestrel.email,
    phoneNumber: '+49 30 901820',
    typology: 'publisher',
    verticals: ['finance'],
    geographicAreas: ['europe'],
    trafficSources: ['seo'],
    experience: '1to3',
    monthlyEstimateRevenue: '5k20k',
    websiteUrl: 'https://kestrel-digital.example',
    accountHolder: 'Kestrel Digital GmbH',
    bankName: 'Deutsche Bank',
    iban: 'DE89370400440532013000',
    swift: 'DEUTDEFFXXX',
  });
  if (!kestrel) throw new Error('partner insert returned nothing');
  await repo.insertPartnerContact(tx, {
    partnerId: kestrel.id,
    companyRole: 'main',
    civility: 'ms',
    firstname: 'Lena',
    lastname: 'Vogel',
    email: DEMO_ACCOUNTS.kestrel.email,
    phoneNumber: '+49 30 901820',
  });
  await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.kestrel.email,
      passwordHash,
      firstname: 'Lena',
      lastname: 'Vogel',
      roles: ['ROLE_PARTNER'],
      partnerId: kestrel.id,
    },
    {
      email: DEMO_ACCOUNTS.kestrelReports.email,
      passwordHash,
      firstname: 'Jonas',
      lastname: 'Weber',
      roles: ['ROLE_PARTNER'],
      partnerId: kestrel.id,
    },
  ]);
}

/**
 * Heron Deals, a cashback site paid weekly (Monday to Sunday, decision 070), without a threshold: the demo's billing
 * bills the weeks that end in a month that is over; the weeks since wait for the daily job or an admin's run.
 */
async function seedHeron(tx: DbOrTx, managerId: number | null, passwordHash: string): Promise<void> {
  const [heron] = await repo.insertPartner(tx, {
    accountManagerId: managerId,
    accountType: 'affiliate',
    status: 'active',
    companyStatus: 'sas',
    companyName: 'Heron Deals',
    companyRegistrationNumber: '901 554 218 00014',
    companyVatNumber: 'FR61901554218',
    langs: ['fr', 'en'],
    country: 'FR',
    address: '4 quai des Chartrons',
    zipCode: '33000',
    city: 'Bordeaux',
    email: DEMO_ACCOUNTS.heron.email,
    phoneNumber: '+33 5 56 00 12 34',
    typology: 'publisher',
    verticals: ['ecommerce'],
    geographicAreas: ['europe'],
    trafficSources: ['cashback', 'email'],
    experience: '1to3',
    monthlyEstimateRevenue: '5k20k',
    websiteUrl: 'https://heron-deals.example',
    paymentTerms: 'weekly',
    paymentCurrency: 'EUR',
    paymentMethod: 'wire',
    accountHolder: 'Heron Deals SAS',
    bankName: 'Crédit Agricole',
    // A valid French IBAN (checksum and RIB key): a SEPA payment batch pays Heron (decision 073).
    iban: 'FR7613306000301234567890111',
    swift: 'AGRIFRPPXXX',
  });
  if (!heron) throw new Error('partner insert returned nothing');
  await repo.insertPartnerContact(tx, {
    partnerId: heron.id,
    companyRole: 'main',
    civility: 'mr',
    firstname: 'Hugo',
    lastname: 'Garnier',
    email: DEMO_ACCOUNTS.heron.email,
    phoneNumber: '+33 5 56 00 12 34',
  });
  await repo.insertUsers(tx, [
    {
      email: DEMO_ACCOUNTS.heron.email,
      passwordHash,
      firstname: 'Hugo',
      lastname: 'Garnier',
      roles: ['ROLE_PARTNER'],
      partnerId: heron.id,
    },
  ]);
}

/** Two postbacks of Northwind for the Pixels/postbacks screen: a disabled global one, one for an offer's sign-ups. */
async function seedPostbacks(db: AppContext['db'], now: Date): Promise<void> {
  const northwindId = await repo.partnerIdByEmail(db, DEMO_ACCOUNTS.partner.email);
  const [offer] = await repo.offerIdsByName(db, [DEMO_OFFERS.public]);
  const registrationId = await repo.goalIdByIdentifier(db, 'registration');
  if (!northwindId || !offer || !registrationId) return;
  const earlier = new Date(now.getTime() - 14 * 86_400_000);
  await db.transaction(async (tx) => {
    await repo.insertPostback(tx, {
      partnerId: northwindId,
      name: 'All conversions',
      url: 'https://tracker.example/postback?cid={click_id}&payout={payout}&currency={currency}&status={status}',
      enabled: false,
      createdAt: earlier,
      updatedAt: earlier,
    });
    await repo.insertPostback(
      tx,
      {
        partnerId: northwindId,
        name: 'LunaDate sign-ups',
        goalId: registrationId,
        url: 'https://tracker.example/conv?click={click_id}&txn={transaction_id}&amount={payout}&ts={timestamp}',
        createdAt: now,
        updatedAt: now,
      },
      [offer.id],
    );
  });
}
