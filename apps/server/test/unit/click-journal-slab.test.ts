import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clickJson, type BufferedClick } from '../../src/modules/click/buffered-click.js';
import { ClickJournal, type ClickText } from '../../src/modules/click/click-journal.js';
import { seededRandom } from '../../src/lib/seeded-random.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const journalIn = (maxBytes?: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-journal-slab-'));
  dirs.push(dir);
  return { dir, journal: new ClickJournal({ dir, maxBytes }) };
};

// Texts a visitor can send: multi-byte characters, emoji, lone surrogates, escapes.
const ODD = ['bench', 'Жук', '😀😀', '\ud800', 'a"b\\c', '\u0000\n', '€'.repeat(40)];

const clickOf = (i: number, random: () => number): BufferedClick => ({
  clickId: `click-${String(i).padStart(16, '0')}`,
  offerId: 1 + (i % 7),
  partnerId: 2,
  currency: 'EUR',
  subid: ODD[Math.floor(random() * ODD.length)]!,
  tc1: random() < 0.5 ? null : ODD[Math.floor(random() * ODD.length)]!,
  tc2: null,
  tc3: null,
  tc4: null,
  ip: '127.0.0.1',
  country: 'FR',
  userAgent: 'Mozilla/5.0 '.repeat(1 + Math.floor(random() * 80)),
  referrer: null,
  flags: random() < 0.3 ? 'bot' : null,
  landingPageId: null,
  createdAt: new Date(Date.UTC(2026, 10, 29, 0, 0, 0, i)),
});

/** The line the journal wrote before its slabs (decision 143): the format replay reads. */
const lineOf = (seq: number, click: BufferedClick, caps?: string[]) =>
  `{"seq":${seq},"click":${JSON.stringify(click)}${caps ? `,"caps":${JSON.stringify(caps)}` : ''}}\n`;

describe('the click journal’s slabs (decision 143)', () => {
  it('write the very lines of before, across slabs, and each click’s text is its JSON', () => {
    const { dir, journal } = journalIn();
    const random = seededRandom(143).next;
    const clicks = Array.from({ length: 3000 }, (_, i) => clickOf(i, random));
    const texts: ClickText[] = [];
    let expected = '';
    clicks.forEach((click, seq) => {
      const caps = seq % 5 === 0 ? [`${seq}:1764374400000`] : undefined;
      const text = journal.appendText(seq, clickJson(click), caps);
      expect(text).not.toBeNull();
      texts.push(text!);
      expected += lineOf(seq, click, caps);
      // Written now and then, and once with more than a slab (256 KB) waiting: the earlier slabs' lines go first.
      if (seq === 100 || seq === 2900) journal.write();
    });
    journal.close();
    const [segment] = fs.readdirSync(dir);
    expect(fs.readFileSync(path.join(dir, segment!), 'utf8')).toBe(expected);
    expect(new Set(texts.map((text) => text.slab)).size).toBeGreaterThan(2);
    texts.forEach((text, i) => {
      expect(text.slab.toString('utf8', text.start, text.end)).toBe(JSON.stringify(clicks[i]));
    });
    // Replay reads them back as they were.
    const entries = journal.readSegment(segment!);
    expect(entries.map((entry) => entry.click.clickId)).toEqual(clicks.map((click) => click.clickId));
    expect(entries[3]!.click).toEqual(clicks[3]);
  });

  it('takes a line larger than a slab, and refuses one past its bound without queuing anything', () => {
    const { dir, journal } = journalIn();
    const big = { ...clickOf(0, seededRandom(1).next), userAgent: 'x'.repeat(300 * 1024) };
    expect(journal.appendText(0, clickJson(big))).not.toBeNull();
    journal.close();
    const [segment] = fs.readdirSync(dir);
    expect(fs.readFileSync(path.join(dir, segment!), 'utf8')).toBe(lineOf(0, big));

    const { dir: boundedDir, journal: bounded } = journalIn(1000);
    expect(bounded.appendText(0, clickJson(big))).toBeNull();
    expect(bounded.bytes).toBe(0);
    bounded.close();
    expect(fs.readdirSync(boundedDir)).toEqual([]);
  });
});
