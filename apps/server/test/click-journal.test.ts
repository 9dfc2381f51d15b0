/**
 * The click journal (decision 053): a restarted server writes what a killed one acknowledged, once; a full
 * journal refuses clicks with an error object and counts them. The database outage: click-journal-outage.pg.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clickCount, clickIds, rolledUp } from './click-counts.js';
import { buildTestApp, createPartner, type TestApp } from './helper.js';
import { createOffer } from './offer-fixtures.js';

const segmentsIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ndjson')) : [];

const METRICS_TOKEN = 'metrics-token-for-the-journal-test';

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

  it('a redirect leaves only once its click is in the journal: a kill -9 as it arrives loses no click', async () => {
    // Decision 132: the journal was written at the end of the turn that had already sent the redirects, so a kill in
    // between lost acknowledged clicks (the cluster check's missing ones). The journal is copied the moment the
    // answers arrive, with no turn let run: what a kill -9 at that instant leaves on disk.
    const first = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    const journalCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-journal-'));
    let second: TestApp | undefined;
    try {
      const partner = await createPartner(first);
      const offerId = await createOffer(first, { name: 'Journal before redirect' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          first.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
        ),
      );
      fs.cpSync(first.config.clickJournal!, journalCopy, { recursive: true });
      expect(answers.map((res) => res.statusCode)).toEqual(Array.from({ length: 20 }, () => 302));

      second = await buildTestApp({ sameDatabaseAs: first, config: { clickJournal: journalCopy } });
      expect(await clickCount(first, partner.partnerId)).toBe(20);
      // Each redirect's click, by the tag cookie it sets (decision 085): the very clicks acknowledged are stored.
      const acknowledged = answers.map((res) => String(res.headers['set-cookie']).split(';')[0]!.split('=')[1]);
      expect(await clickIds(first, partner.partnerId)).toEqual(new Set(acknowledged));
    } finally {
      await second?.close();
      await first.close();
      fs.rmSync(journalCopy, { recursive: true, force: true });
    }
  });

  it('a batch whose commit answer was lost is written again without its stored clicks, not retried for ever', async () => {
    // Decision 132: the batch statement committed, then the connection dropped before its answer (a pooler restart).
    // The batch goes back to the queue; its next write meets its own clicks in the table (a unique violation) and,
    // before this change, was retried on every tick until a restart. Now it is written once more skipping them.
    const t = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    try {
      const partner = await createPartner(t);
      const offerId = await createOffer(t, { name: 'Lost answer' });
      const click = () =>
        t.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` });
      expect((await Promise.all(Array.from({ length: 30 }, click))).every((res) => res.statusCode === 302)).toBe(true);
      await turn();

      const buffer = t.app.tracking.buffer as unknown as { db: { execute: (...args: unknown[]) => Promise<unknown> } };
      const db = buffer.db;
      const own = Object.prototype.hasOwnProperty.call(db, 'execute');
      const original = db.execute;
      const execute = original.bind(db);
      let cut = 0;
      db.execute = async (...args: unknown[]) => {
        const result = await execute(...args);
        if (cut++ === 0) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        return result;
      };
      try {
        await expect(t.app.tracking.buffer.flush()).rejects.toThrow('Connection terminated');
        expect(await clickCount(t, partner.partnerId)).toBe(30);

        expect((await Promise.all(Array.from({ length: 10 }, click))).every((res) => res.statusCode === 302)).toBe(
          true,
        );
        await t.app.tracking.buffer.flush();
      } finally {
        if (own) db.execute = original;
        else delete (db as { execute?: unknown }).execute;
      }
      expect(await clickCount(t, partner.partnerId)).toBe(40);
      // Each click counted once in the rollups: the 30 by the lost commit, the 10 by the write again.
      expect(await rolledUp(t, partner.partnerId)).toBe(40);
      expect(t.app.tracking.buffer.state.databaseUp).toBe(true);
    } finally {
      await t.close();
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

  it('a damaged journal does not stop the start: bad lines are skipped and counted, the rest is replayed', async () => {
    const first = await buildTestApp({ clickFlushIntervalMs: 600_000 });
    const damaged = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-journal-'));
    let second: TestApp | undefined;
    try {
      const partner = await createPartner(first);
      const offerId = await createOffer(first, { name: 'Damaged journal' });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          first.app.inject({ method: 'GET', url: `/click?offer_id=${offerId}&aff_id=${partner.partnerId}` }),
        ),
      );
      expect(answers.every((res) => res.statusCode === 302)).toBe(true);
      await turn();
      expect(await clickCount(first, partner.partnerId)).toBe(0);

      // The six clicks' lines, damaged as a disk or a kill can: a line of garbage in the middle, a line that is JSON
      // but not a click, a click whose country the database refuses (three letters), and a torn last line.
      const [segment] = segmentsIn(first.config.clickJournal!);
      const lines = fs.readFileSync(path.join(first.config.clickJournal!, segment!), 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(6);
      const refused = JSON.parse(lines[5]!) as { seq: number; click: { clickId: string; country: string | null } };
      refused.seq = 100;
      refused.click.clickId = 'refused-country-click';
      refused.click.country = 'XXX';
      const torn = lines[5]!.slice(0, 40);
      const text = [
        lines[0],
        '\u0000\u0000{"seq":7,"cli',
        lines[1],
        JSON.stringify({ seq: 8, click: { clickId: '' } }),
        lines[2],
        JSON.stringify(refused),
        lines[3],
        lines[4],
        torn,
      ].join('\n');
      fs.writeFileSync(path.join(damaged, segment!), text);
      // A segment that cannot be read at all (a folder in its place) is left for an operator, not fatal either.
      const unreadable = 'clicks-0000000000001-000000000000.ndjson';
      fs.mkdirSync(path.join(damaged, unreadable));

      second = await buildTestApp({
        sameDatabaseAs: first,
        config: { clickJournal: damaged, metricsToken: METRICS_TOKEN },
      });
      expect((await second.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // The five whole clicks, once each, rollups included; the refused one and the torn sixth are not there.
      expect(await clickCount(first, partner.partnerId)).toBe(5);
      expect(await rolledUp(first, partner.partnerId)).toBe(5);
      expect(segmentsIn(damaged)).toEqual([unreadable]);
      const metrics = await second.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(metrics.body).toContain('portal_click_journal_replay_skipped_total{kind="corrupt"} 2');
      expect(metrics.body).toContain('portal_click_journal_replay_skipped_total{kind="torn"} 1');
      expect(metrics.body).toContain('portal_click_journal_replay_skipped_total{kind="refused"} 1');
    } finally {
      await second?.close();
      await first.close();
      fs.rmSync(damaged, { recursive: true, force: true });
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
