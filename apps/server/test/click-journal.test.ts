/**
 * The click journal (decision 053): a restarted server writes what a killed one acknowledged, once; a full
 * journal refuses clicks with an error object and counts them. The database outage: click-journal-outage.pg.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clickCount, rolledUp } from './click-counts.js';
import { buildTestApp, createPartner, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';

const segmentsIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ndjson')) : [];

/** Lets the journal's end-of-turn write run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('click journal', () => {
  it('a restarted server writes what a killed one acknowledged, once, rollups included', async () => {
    // The first server never writes on its timer: only what it flushed by hand reaches the database.
    const first = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    const journalCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-journal-'));
    let second: TestApp | undefined;
    try {
      const partner = await createPartner(first);
      const offerId = await createOffer(first, { name: 'Journal' });
      const click = () =>
        first.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
      const early = await Promise.all(Array.from({ length: 100 }, click));
      await first.app.tracking.buffer.flush();
      const late = await Promise.all(Array.from({ length: 200 }, click));
      expect([...early, ...late].every((res) => res.statusCode === 302)).toBe(true);
      await turn();
      expect(await clickCount(first, partner.partnerId)).toBe(100);

      // The journal as a kill -9 leaves it on disk: every acknowledged click, the first 100 also in the database.
      const journalDir = first.config.clickJournal!;
      expect(segmentsIn(journalDir).length).toBeGreaterThan(0);
      fs.cpSync(journalDir, journalCopy, { recursive: true });

      second = await buildTestApp({ sameDatabaseAs: first, config: { clickJournal: journalCopy } });
      expect(await clickCount(first, partner.partnerId)).toBe(300);
      // The 100 already written are not counted twice.
      expect(await rolledUp(first, partner.partnerId)).toBe(300);
      expect(segmentsIn(journalCopy)).toEqual([]);
    } finally {
      await second?.close();
      await first.close();
      fs.rmSync(journalCopy, { recursive: true, force: true });
    }
  });

  it('a graceful stop past its budget leaves the backlog in the journal, and the next start writes it once', async () => {
    // A backlog as an outage leaves it: 100 clicks in memory, 200 in the journal only (the memory bound is 100).
    const first = await buildTestApp({ clickFlushIntervalMs: 600_000, config: { clickBufferMaxClicks: 100 } });
    const journalDir = first.config.clickJournal!;
    const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-journal-'));
    let second: TestApp | undefined;
    try {
      const partner = await createPartner(first);
      const offerId = await createOffer(first, { name: 'Stop budget' });
      const answers = await Promise.all(
        Array.from({ length: 300 }, () =>
          first.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
        ),
      );
      expect(answers.every((res) => res.statusCode === 302)).toBe(true);
      expect(first.app.tracking.buffer.state).toMatchObject({ buffered: 300, spilled: true });
      // No time to spare: one batch (the clicks in memory) is written, the rest stays on disk.
      await first.app.tracking.buffer.stop(0);
      expect(await clickCount(first, partner.partnerId)).toBe(100);
      expect(segmentsIn(journalDir).length).toBeGreaterThan(0);
      fs.cpSync(journalDir, kept, { recursive: true });

      second = await buildTestApp({ sameDatabaseAs: first, config: { clickJournal: kept } });
      expect(await clickCount(first, partner.partnerId)).toBe(300);
      expect(await rolledUp(first, partner.partnerId)).toBe(300);
      expect(segmentsIn(kept)).toEqual([]);
    } finally {
      await second?.close();
      await first.close();
      fs.rmSync(kept, { recursive: true, force: true });
    }
  });

  it('refuses clicks with an error object, and counts them, once neither memory nor the journal has room', async () => {
    // A journal of 3,000 bytes holds a handful of clicks; the timer never writes them away.
    const t = await buildTestApp({ clickFlushIntervalMs: 600_000, config: { clickJournalMaxBytes: 3000 } });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, { name: 'Full journal' });
      const answers = [];
      for (let i = 0; i < 20; i++) {
        answers.push(
          await t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
        );
      }
      const kept = answers.filter((res) => res.statusCode === 302).length;
      const refused = answers.filter((res) => res.statusCode === 503);
      expect(kept).toBeGreaterThan(0);
      expect(refused.length).toBe(20 - kept);
      expect(refused[0]!.json()).toEqual({
        status: 503,
        message: 'Clicks cannot be recorded right now. Please try again in a moment.',
        data: null,
        errors: null,
      });
      const health = (await t.app.inject({ method: 'GET', url: '/healthz' })).json();
      expect(health.clicks).toMatchObject({ buffered: kept, refused: refused.length });
      await t.app.tracking.buffer.flush();
      expect(await clickCount(t, partner.partnerId)).toBe(kept);
    } finally {
      await t.close();
    }
  });
});
