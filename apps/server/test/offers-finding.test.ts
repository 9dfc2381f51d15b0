import { eq } from 'drizzle-orm';
import { configEndpoint, offersEndpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries, offerCountries, partners, statsDaily } from '../src/db/schema.js';
import { DEMO_OFFERS } from '../src/seed/catalogue.js';
import { seedReference } from '../src/seed/reference.js';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/seed.js';
import {
  buildTestApp,
  callEndpoint,
  createPartner,
  errorBody,
  invalid,
  login,
  okBody,
  type CallInput,
  type TestApp,
} from './helper.js';
import { createApplication, createOffers } from './offer-fixtures.js';

/**
 * Finding offers (decision 032): search by id, the status filter the badges show, EPC and its sort, a payout
 * for every offer, and each country once. On the demo catalogue, with a few fixture offers beside it.
 */

const DAY = 24 * 3600 * 1000;
const utcDay = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

let t: TestApp;
let northwind: string;
let fresh: { partnerId: number; token: string };
let other: { partnerId: number };
let ids: { zebra: number; percent: number; privateGoal: number; privateOffer: number; quiet: number };

beforeAll(async () => {
  t = await buildTestApp();
  expect(await seedDemo(t.app.ctx, { traffic: false })).toBe(true);
  const [zebra, percent, privateGoal, privateOffer, quiet] = await createOffers(t, [
    { name: 'Findable Zebra', goals: [{ goal: 'registration', p1: { amount: 1200 } }] },
    { name: 'Share Of Sale', goals: [{ goal: 'sale', p1: { percent: 1250 } }] },
    {
      name: 'Hidden Goal Offer',
      goals: [
        { goal: 'lead', p1: { amount: 900 }, private: true },
        { goal: 'install', p1: { amount: 300 } },
      ],
    },
    { name: 'Private Zebra', private: true, goals: [{ goal: 'registration', p1: { amount: 500 } }] },
    { name: 'Quiet Zebra', countries: ['DE'], goals: [{ goal: 'registration', p1: { amount: 700 } }] },
  ]);
  ids = { zebra: zebra!, percent: percent!, privateGoal: privateGoal!, privateOffer: privateOffer!, quiet: quiet! };
  const partner = await createPartner(t);
  other = await createPartner(t);
  await createApplication(t, partner.partnerId, ids.privateOffer, 'active');
  await createApplication(t, other.partnerId, ids.privateOffer, 'active');
  fresh = { partnerId: partner.partnerId, token: await login(t, partner.email, partner.password) };
  northwind = await login(t, DEMO_ACCOUNTS.partner.email, DEMO_ACCOUNTS.partner.password);
}, 180_000);
afterAll(async () => t?.close());

async function list(token: string, query: CallInput<typeof offersEndpoints.list>['query']) {
  return okBody(await callEndpoint(t.app, offersEndpoints.list, { query }, token)).data;
}

describe('offer search', () => {
  it('finds an offer by its id, with or without #, as well as by name', async () => {
    for (const term of [String(ids.zebra), `#${ids.zebra}`]) {
      const page = await list(fresh.token, { name: term, count: 500 });
      expect(page.list.map((o) => o.id)).toContain(ids.zebra);
      // The id matches exactly: an offer whose id merely contains the digits is not found by it.
      for (const offer of page.list) {
        expect(offer.id === ids.zebra || offer.name.includes(String(ids.zebra)), offer.name).toBe(true);
      }
    }
    const byName = await list(fresh.token, { name: 'zebra', count: 500 });
    expect(byName.list.map((o) => o.name).sort()).toEqual(['Findable Zebra', 'Private Zebra', 'Quiet Zebra']);
  });

  it('never finds by id an offer the partner may not see', async () => {
    const page = await list(northwind, { name: String(ids.privateOffer) });
    expect(page.list.map((o) => o.id)).not.toContain(ids.privateOffer);
  });
});

describe('the status filter', () => {
  it('filters on each status a badge shows, and on several at once', async () => {
    const all = (await list(northwind, { count: 500 })).list;
    const statuses = new Set(all.map((o) => o.partnerStatus));
    expect(statuses).toEqual(new Set(['public', 'apply_to_run', 'pending', 'active', 'refused']));
    for (const status of statuses) {
      const page = await list(northwind, { partnerStatus: status, count: 500 });
      expect(page.list.length, status).toBeGreaterThan(0);
      expect(page.total, status).toBe(all.filter((o) => o.partnerStatus === status).length);
      expect(new Set(page.list.map((o) => o.partnerStatus)), status).toEqual(new Set([status]));
    }
    const approved = await list(northwind, { partnerStatus: 'active', count: 500 });
    expect(approved.list.map((o) => o.name)).toContain(DEMO_OFFERS.active);
    expect(approved.list.map((o) => o.name)).toContain(DEMO_OFFERS.activePrivate);

    const mine = await list(northwind, { partnerStatus: 'pending,active', count: 500 });
    expect(mine.total).toBe(all.filter((o) => ['pending', 'active'].includes(o.partnerStatus)).length);
  });

  it('refuses an unknown status with a 400 on the field', async () => {
    const res = await callEndpoint(
      t.app,
      offersEndpoints.list,
      { query: { partnerStatus: invalid('approved') } },
      northwind,
    );
    expect(Object.keys(errorBody(res, 400).errors ?? {}).join()).toMatch(/^partnerStatus/);
  });
});

describe('payouts', () => {
  it('gives every offer of the demo catalogue a payout, the click-paid one included', async () => {
    for (const token of [northwind, fresh.token]) {
      const all = (await list(token, { count: 500 })).list;
      expect(all.length).toBeGreaterThan(50);
      for (const offer of all) {
        expect(offer.payouts.length, offer.name).toBeGreaterThan(0);
        for (const tier of offer.payouts) {
          expect(tier.amount !== null || tier.percent !== null, offer.name).toBe(true);
          expect(tier.name, offer.name).not.toBe('');
        }
      }
      const clickPaid = all.find((o) => o.name === DEMO_OFFERS.noPayout)!;
      // No registration goal: its one goal, the click, is its main goal and headline (decision 105).
      expect(clickPaid.payout).toEqual(expect.objectContaining({ goal: 'click', currency: 'USD' }));
      expect(clickPaid.payouts).toEqual([
        expect.objectContaining({
          goal: 'click',
          amount: expect.any(Number),
          percent: null,
          currency: 'USD',
          main: true,
        }),
      ]);
    }
  });

  it('lists a revenue share as a percentage, and leaves private goals out', async () => {
    const all = (await list(fresh.token, { count: 500 })).list;
    const byId = new Map(all.map((o) => [o.id, o]));
    expect(byId.get(ids.percent)?.payouts).toEqual([
      { goal: 'sale', name: expect.any(String), amount: null, percent: 1250, currency: 'EUR', main: true },
    ]);
    expect(byId.get(ids.privateGoal)?.payouts.map((p) => p.goal)).toEqual(['install']);
    expect(byId.get(ids.zebra)?.payouts.map((p) => [p.goal, p.amount])).toEqual([['registration', 1200]]);
  });
});

describe('EPC over the last 30 days', () => {
  beforeAll(async () => {
    const row = (partnerId: number, offerId: number, day: string, clicks: number, payout: number) => ({
      partnerId,
      offerId,
      day,
      currency: 'EUR',
      clicks,
      conversions: payout > 0 ? 1 : 0,
      payout,
    });
    await t.database.db.insert(statsDaily).values([
      // The fresh partner: 200 clicks, 5 000 minor units over the window → 25 per click.
      row(fresh.partnerId, ids.zebra, utcDay(0), 100, 2000),
      row(fresh.partnerId, ids.zebra, utcDay(20 * DAY), 100, 3000),
      // Older than the window: left out.
      row(fresh.partnerId, ids.zebra, utcDay(40 * DAY), 100, 900_000),
      // Another partner on the same offer: only in the network's EPC (200 + 200 clicks, 5 000 + 15 000).
      row(other.partnerId, ids.zebra, utcDay(3 * DAY), 200, 15_000),
      // The private offer: the partner's own EPC, no network figure.
      row(fresh.partnerId, ids.privateOffer, utcDay(1 * DAY), 10, 1000),
      row(other.partnerId, ids.privateOffer, utcDay(1 * DAY), 10, 3000),
      row(fresh.partnerId, ids.percent, utcDay(2 * DAY), 40, 0),
    ]);
  });

  it("answers the partner's own EPC and the network's, and none for a private offer's network", async () => {
    const byId = new Map((await list(fresh.token, { name: 'zebra' })).list.map((o) => [o.id, o]));
    expect(byId.get(ids.zebra)?.epc).toEqual({ own: 25, network: 50 });
    expect(byId.get(ids.privateOffer)?.epc).toEqual({ own: 100, network: null });
    expect(byId.get(ids.quiet)?.epc).toEqual({ own: null, network: null });

    // Another partner reads the same network EPC and its own.
    const detail = await callEndpoint(t.app, offersEndpoints.get, { params: { id: ids.zebra } }, northwind);
    expect(okBody(detail).data.epc).toEqual({ own: null, network: 50 });
  });

  it('sorts by either EPC, offers without one last in both directions', async () => {
    type Order = Pick<NonNullable<CallInput<typeof offersEndpoints.list>['query']>, 'sortName' | 'sortOrder'>;
    const order = async (query: Order) => (await list(fresh.token, { ...query, count: 500 })).list;
    const desc = await order({ sortName: 'epc', sortOrder: 'desc' });
    expect(desc.slice(0, 3).map((o) => o.id)).toEqual([ids.privateOffer, ids.zebra, ids.percent]);
    expect(desc.slice(3).every((o) => o.epc.own === null)).toBe(true);
    const asc = await order({ sortName: 'epc', sortOrder: 'asc' });
    expect(asc.slice(0, 3).map((o) => o.id)).toEqual([ids.percent, ids.zebra, ids.privateOffer]);

    const network = await order({ sortName: 'networkEpc', sortOrder: 'desc' });
    expect(network[0]?.id).toBe(ids.zebra);
    expect(network.findIndex((o) => o.id === ids.privateOffer)).toBeGreaterThan(
      network.findIndex((o) => o.id === ids.percent),
    );
  });
});

describe('countries', () => {
  async function configCountries() {
    return okBody(await callEndpoint(t.app, configEndpoint, {}, northwind)).data.countries;
  }

  it('lists each country once: France is FR, never FX', async () => {
    const list = await configCountries();
    expect(list.length).toBeGreaterThan(200);
    expect(new Set(list.map((c) => c.isoCode)).size).toBe(list.length);
    expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
    expect(list.filter((c) => c.name === 'France').map((c) => c.isoCode)).toEqual(['FR']);
    for (const withdrawn of ['FX', 'UK', 'SU', 'DD', 'YU']) expect(list.map((c) => c.isoCode)).not.toContain(withdrawn);
  });

  it('moves an older install off the withdrawn codes it holds, keeping its offers and partners', async () => {
    const db = t.database.db;
    await db.insert(countries).values({ isoCode: 'FX', name: 'France' });
    await db.insert(offerCountries).values({ offerId: ids.quiet, isoCode: 'FX' });
    await db.update(partners).set({ country: 'FX' }).where(eq(partners.id, other.partnerId));
    expect((await configCountries()).filter((c) => c.name === 'France')).toHaveLength(2);

    await seedReference(db);

    expect((await configCountries()).filter((c) => c.name === 'France').map((c) => c.isoCode)).toEqual(['FR']);
    const quietCountries = await db.select().from(offerCountries).where(eq(offerCountries.offerId, ids.quiet));
    expect(quietCountries.map((c) => c.isoCode)).toContain('FR');
    expect(quietCountries.map((c) => c.isoCode)).not.toContain('FX');
    const [partner] = await db.select().from(partners).where(eq(partners.id, other.partnerId));
    expect(partner?.country).toBe('FR');
  });
});
