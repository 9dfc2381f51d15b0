/**
 * A click batch's clicks as their bytes (decision 155): with `batchBytes` (node-postgres), the statement's clicks
 * parameter is the journal's UTF-8 text of the clicks as a `Buffer`, the very JSON array the text path sends, so no
 * string is decoded from the slabs and the driver encodes nothing again. Without it (PGlite), the same text as a string;
 * clicks without a text in the journal (a buffer without one) are serialised as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { clickJson, type BufferedClick } from '../../src/modules/click/buffered-click.js';
import { ClickBuffer } from '../../src/modules/click/click-buffer.js';
import { ClickJournal } from '../../src/modules/click/click-journal.js';

const dialect = new PgDialect();
const logger = pino({ level: 'silent' });

/** A database that records each batch's clicks parameter as it was given. */
function recordingDatabase() {
  const params: unknown[] = [];
  const db = {
    execute: async (statement: SQL) => {
      params.push(dialect.sqlToQuery(statement).params[0]);
      return { rows: [{ velocity: null }] };
    },
  };
  return { db: db as unknown as Db, params };
}

const texts = ['plain', 'Ünïcödé ✓ 😀', 'quote " and backslash \\', 'tab\there', null];
let next = 0;
const click = (): BufferedClick => {
  const n = next++;
  return {
    clickId: `click-${n}`,
    offerId: 1,
    partnerId: 2,
    currency: 'EUR',
    subid: texts[n % texts.length]!,
    tc1: null,
    tc2: texts[(n + 1) % texts.length]!,
    tc3: null,
    tc4: null,
    ip: '127.0.0.1',
    country: null,
    userAgent: n % 2 === 0 ? 'Mozilla/5.0 (Ελληνικά)' : null,
    referrer: null,
    flags: n % 3 === 0 ? 'bot' : null,
    landingPageId: null,
    createdAt: new Date(Date.UTC(2026, 10, 29, 9, 0, 0, n)),
  };
};

const dirs: string[] = [];
const journal = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'click-batch-bytes-'));
  dirs.push(dir);
  return new ClickJournal({ dir });
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a click batch as bytes', () => {
  it('sends the clicks as a Buffer of their JSON array when the driver takes bytes', async () => {
    const { db, params } = recordingDatabase();
    const clicks = Array.from({ length: 25 }, click);
    const buffer = new ClickBuffer(db, { logger, journal: journal(), batchBytes: true });
    for (const c of clicks) expect(buffer.push(c)).toBe(true);
    await buffer.flush();
    expect(params).toHaveLength(1);
    const sent = params[0];
    expect(Buffer.isBuffer(sent)).toBe(true);
    // The same bytes as the text the clicks' JSON makes, joined as one array.
    expect((sent as Buffer).toString('utf8')).toBe(`[${clicks.map(clickJson).join(',')}]`);
  });

  it('sends the same JSON as a string otherwise', async () => {
    const { db, params } = recordingDatabase();
    const clicks = Array.from({ length: 25 }, click);
    const buffer = new ClickBuffer(db, { logger, journal: journal() });
    for (const c of clicks) buffer.push(c);
    await buffer.flush();
    expect(params).toEqual([`[${clicks.map(clickJson).join(',')}]`]);
  });

  it('serialises clicks that have no text in a journal, as before', async () => {
    const { db, params } = recordingDatabase();
    const clicks = Array.from({ length: 5 }, click);
    const buffer = new ClickBuffer(db, { logger, batchBytes: true });
    for (const c of clicks) buffer.push(c);
    await buffer.flush();
    expect(params).toEqual([`[${clicks.map(clickJson).join(',')}]`]);
  });
});
