import type { CapPeriod } from '@portal/contracts';
import { capPeriod } from '../caps/index.js';
import { VelocityCounter, loadClickGuard, type ClickGuard } from '../traffic/index.js';
import type { ClickCapCounters, ClickCapRule } from './click-caps.js';
import { isDatabaseUnavailable } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { capUsageRows, clickContextRows } from './click.repository.js';

/** What /click needs to know about an offer, a partner and the partner's application to it. */
export type ClickContext = {
  offer: {
    id: number;
    enabled: boolean;
    private: boolean;
    requireApproval: boolean;
    defaultUrl: string;
    currency: string;
    /** Where refused traffic is sent (decision 044), or null. */
    fallbackUrl: string | null;
    /** Epoch milliseconds, or null: clicks outside [startsAt, endsAt) are refused. */
    startsAt: number | null;
    endsAt: number | null;
    /** The countries the offer takes when geo targeting is on and it names some; null: every country. */
    countries: ReadonlySet<string> | null;
    /** The offer's other landing pages (decision 050), by id: `lp` picks one; usually none. */
    landingPages: ReadonlyMap<number, string> | null;
  } | null;
  partner: { id: number; status: string; allOffersAccess: boolean } | null;
  /** The partner's application to the offer, if any. */
  applicationStatus: string | null;
  /** The partner is on the (private) offer's allow-list. */
  allowListed: boolean;
  /** The caps that apply: the partner's own and the whole offer's, of every metric (decisions 045, 074); usually none. */
  caps: ClickCapRule[];
  /** The traffic rules and the blocklist entries that apply to the pair (decision 083). */
  guard: ClickGuard;
};

/** A click's context from the database, its cap counters primed (click.repository.ts reads the rows). */
async function loadContext(
  db: Db,
  offerId: number,
  partnerId: number,
  counters: ClickCapCounters | undefined,
  now: number,
): Promise<ClickContext> {
  const found = await clickContextRows(db, offerId, partnerId);
  // Every cap of the pair: a click cap counts clicks; a reached conversion, payout or revenue cap refuses them too.
  const caps = found.caps.map((c) => ({
    id: c.id,
    period: c.period as CapPeriod,
    limit: c.limit,
    counts: c.metric === 'clicks',
  }));
  if (caps.length > 0 && counters) {
    // What the database holds for each cap's current period, for a counter this process does not have yet.
    const bounds = caps.map((c) => capPeriod(c.period, now));
    const usage = await capUsageRows(
      db,
      caps.map((c, i) => ({ capId: c.id, periodStart: new Date(bounds[i]!.start) })),
    );
    const used = new Map(usage.map((u) => [u.capId, u.used]));
    caps.forEach((c, i) => counters.prime(c, bounds[i]!.start, bounds[i]!.end, used.get(c.id) ?? 0));
  }
  const guard = await loadClickGuard(db, offerId, partnerId, new Date(now));
  const row = found.offer;
  const offer = row
    ? {
        id: row.id,
        enabled: row.enabled,
        private: row.private,
        requireApproval: row.requireApproval,
        defaultUrl: row.defaultUrl,
        currency: row.currency,
        fallbackUrl: row.fallbackUrl,
        startsAt: row.startsAt ? row.startsAt.getTime() : null,
        endsAt: row.endsAt ? row.endsAt.getTime() : null,
        countries: row.geoTargeting && row.countries && row.countries.length > 0 ? new Set(row.countries) : null,
        landingPages: landingPagesOf(row.landingPages),
      }
    : null;
  return {
    offer,
    partner: found.partner,
    applicationStatus: found.applicationStatus,
    allowListed: found.allowListed,
    caps,
    guard,
  };
}

/** `{id: url}` as the database aggregates it (a drivers may hand JSON over as text). */
function landingPagesOf(value: Record<string, string> | string | null): ReadonlyMap<number, string> | null {
  if (value === null) return null;
  const object = typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : value;
  return new Map(Object.entries(object).map(([id, url]) => [Number(id), url]));
}

type CacheEntry = { expires: number; value: Promise<ClickContext>; loaded: ClickContext | undefined };

/**
 * A short-lived cache of the click context per (offer, partner), so that a redirect does not wait on the
 * database: a change (an offer disabled, an application approved) reaches /click within `ttlMs` (decision 015).
 * Concurrent misses of one key share one load; a loaded entry is also kept as a plain value, so that a hit is
 * answered synchronously (`peek`), without a promise per click (decision 022).
 */
export class ClickContextCache {
  private readonly entries = new Map<string, CacheEntry>();
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly ttlMs = 5000,
    private readonly maxEntries = 100_000,
    /** The process's click-cap counters, primed from the database as contexts load. */
    private readonly counters?: ClickCapCounters,
    /** The clicks' clock (the app's `now`), which names the cap periods primed. */
    private readonly clickNow: () => number = now,
    /** Clicks per (offer, address) this minute (decisions 083, 102): the buffer's, whose batches resynchronise it. */
    readonly velocity: VelocityCounter = new VelocityCounter(),
  ) {}

  /** The context if it is loaded and fresh, else undefined (then `get` loads it). */
  peek(offerId: number, partnerId: number): ClickContext | undefined {
    const hit = this.entries.get(`${offerId}:${partnerId}`);
    return hit && hit.expires > this.now() ? hit.loaded : undefined;
  }

  get(offerId: number, partnerId: number): Promise<ClickContext> {
    const key = `${offerId}:${partnerId}`;
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    // A crude bound: far more distinct pairs than live campaigns means junk traffic, so start afresh.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const stale = hit?.loaded;
    const load = loadContext(this.db, offerId, partnerId, this.counters, this.clickNow());
    const entry: CacheEntry = {
      expires: now + this.ttlMs,
      // The database away (decision 053): the context last loaded keeps answering, so that a link keeps
      // redirecting through an outage; it is asked for again after a second.
      value: stale
        ? load.catch((error: unknown) => {
            if (!isDatabaseUnavailable(error)) throw error;
            entry.expires = this.now() + 1000;
            return stale;
          })
        : load,
      loaded: undefined,
    };
    this.entries.set(key, entry);
    entry.value.then(
      (context) => {
        entry.loaded = context;
      },
      // A failed load is not cached: the next click asks again.
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
