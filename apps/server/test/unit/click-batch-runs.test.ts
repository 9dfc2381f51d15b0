import { describe, expect, it } from 'vitest';
import type { BufferedClick } from '../../src/modules/click/buffered-click.js';
import { flaggedOf } from '../../src/modules/click/click-buffer.js';
import { flaggedRows, RollupAccumulator } from '../../src/modules/rollups/index.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

const HOUR_MS = 3_600_000;
const START = Date.UTC(2026, 10, 29, 6, 59, 0);

/**
 * A batch's clicks in runs of one link's and mixed: the key's fields as the buffer holds them (null, and absent where a
 * field may be), across an hour's end, with and without flags.
 */
function batchOf(size: number, seed: number): BufferedClick[] {
  const random = seededRandom(seed).next;
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const clicks: BufferedClick[] = [];
  let at = START;
  while (clicks.length < size) {
    const run = 1 + Math.floor(random() * 12);
    const offerId = pick([1, 2]);
    const partnerId = pick([3, 4]);
    const subid = pick([null, 'a', 'b']);
    const tc1 = pick([null, 'x']);
    const country = pick([null, 'FR']);
    const landingPageId = pick([undefined, null, 7]);
    const flags = pick([null, null, 'bot', 'bot,data_centre', 'data_centre']);
    for (let i = 0; i < run; i++) {
      at += Math.floor(random() * 2_000);
      const click: BufferedClick = {
        clickId: `c${clicks.length}`,
        offerId,
        partnerId,
        currency: 'EUR',
        subid,
        // A string made per click, as the query reader's are: equal by value, not the same string.
        tc1: tc1 === null ? null : `${tc1}${''.padEnd(i % 2)}`.trim(),
        tc2: null,
        tc3: null,
        tc4: null,
        ip: '127.0.0.1',
        country,
        userAgent: null,
        referrer: null,
        flags: random() < 0.1 ? pick([null, 'bot']) : flags,
        createdAt: new Date(at),
      };
      if (landingPageId !== undefined) click.landingPageId = landingPageId;
      clicks.push(click);
    }
  }
  return clicks.slice(0, size);
}

/** The rows as `rowOf` keys them, summed one click at a time: what the accumulator made before decision 152. */
function hourlyByKey(clicks: BufferedClick[]) {
  const rows = new Map<string, number>();
  for (const c of clicks) {
    const hour = new Date(Math.floor(c.createdAt.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const key = [c.partnerId, hour, c.offerId, c.currency, c.subid ?? '', c.tc1 ?? '', c.tc2 ?? '', c.tc3 ?? '', c.tc4 ?? '', c.country ?? '', c.landingPageId ?? 0].join('|'); // prettier-ignore
    rows.set(key, (rows.get(key) ?? 0) + 1);
  }
  return rows;
}

const sorted = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();

describe('a click batch counted in runs (decision 152)', () => {
  it('sums the same hourly rows as one key per click, whatever the runs', () => {
    for (const seed of [1, 2, 3, 152]) {
      const clicks = batchOf(2_000, seed);
      const rollups = new RollupAccumulator();
      for (const click of clicks) rollups.addClickAt(click.createdAt, click);
      const rows = rollups.hourlyRows();
      const got = new Map(
        rows.map((r) => [[r.partnerId, new Date(r.time).toISOString(), r.offerId, r.currency, r.subid, r.tc1, r.tc2, r.tc3, r.tc4, r.country, r.landingPageId].join('|'), r.clicks]), // prettier-ignore
      );
      expect(got).toEqual(hourlyByKey(clicks));
      expect(rows.reduce((sum, r) => sum + r.clicks, 0)).toBe(clicks.length);
      // One row per key: a run that comes back after another key's counts into its first row.
      expect(rows.length).toBe(hourlyByKey(clicks).size);
    }
  });

  it('gives the same flagged rows as one item per flagged click', () => {
    for (const seed of [1, 2, 3, 152]) {
      const clicks = batchOf(2_000, seed);
      const items = flaggedOf(clicks);
      const perClick = clicks
        .filter((c) => c.flags)
        .map((c) => ({ createdAt: c.createdAt, offerId: c.offerId, partnerId: c.partnerId, landingPageId: c.landingPageId, rules: c.flags!.split(',') })); // prettier-ignore
      expect(items.length).toBeLessThan(perClick.length);
      expect(items.reduce((sum, item) => sum + item.count, 0)).toBe(perClick.length);
      expect(sorted(flaggedRows('click', items))).toEqual(sorted(flaggedRows('click', perClick)));
    }
  });
});
