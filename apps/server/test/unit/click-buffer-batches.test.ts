/**
 * Which clicks a flush writes (decision 146): a full queue writes whole batches only, the timer's tick what is queued
 * then whole batches only, `flush()` everything. Before, each drain carried on until the queue was empty, so the clicks
 * that arrived while a batch was written went as a small batch of their own.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import type { BufferedClick } from '../../src/modules/click/buffered-click.js';
import { ClickBuffer } from '../../src/modules/click/click-buffer.js';

const dialect = new PgDialect();

/** A database that records each batch's clicks and answers only when the test lets it. */
function heldDatabase() {
  const batches: number[] = [];
  const held: (() => void)[] = [];
  const db = {
    execute: async (statement: SQL) => {
      const [clicks] = dialect.sqlToQuery(statement).params as [string];
      batches.push((JSON.parse(clicks) as unknown[]).length);
      await new Promise<void>((resolve) => held.push(resolve));
      return { rows: [{ velocity: null }] };
    },
  };
  /** Lets every write waiting so far answer, and the buffer's turns after them run. */
  const release = async () => {
    for (let i = 0; i < 20; i++) {
      for (const resolve of held.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { db: db as unknown as Db, batches, release };
}

let next = 0;
const click = (): BufferedClick => ({
  clickId: `click-${next++}`,
  offerId: 1,
  partnerId: 2,
  currency: 'EUR',
  subid: null,
  tc1: null,
  tc2: null,
  tc3: null,
  tc4: null,
  ip: '127.0.0.1',
  country: null,
  userAgent: null,
  referrer: null,
  flags: null,
  landingPageId: null,
  createdAt: new Date('2026-11-29T04:00:00.000Z'),
});

const logger = pino({ level: 'silent' });

describe('click buffer batches', () => {
  it('a full queue writes whole batches only; the rest waits for the tick, and flush() writes it', async () => {
    const { db, batches, release } = heldDatabase();
    const buffer = new ClickBuffer(db, { logger, maxBatch: 10 });
    for (let i = 0; i < 23; i++) expect(buffer.push(click())).toBe(true);
    await release();
    expect(batches).toEqual([10, 10]);
    expect(buffer.size).toBe(3);
    const flushed = buffer.flush();
    await release();
    await flushed;
    expect(batches).toEqual([10, 10, 3]);
    expect(buffer.size).toBe(0);
  });

  it('the tick writes what is queued, then carries on only while a whole batch waits', async () => {
    const { db, batches, release } = heldDatabase();
    const buffer = new ClickBuffer(db, { logger, maxBatch: 10 });
    // The timer's call, made here by hand so that nothing else writes meanwhile.
    const tick = () => (buffer as unknown as { flushInBackground(): void }).flushInBackground();
    for (let i = 0; i < 4; i++) buffer.push(click());
    tick();
    await new Promise((resolve) => setImmediate(resolve));
    // The tick's batch of 4 is being written: 12 more arrive meanwhile (a whole batch and 2).
    expect(batches).toEqual([4]);
    for (let i = 0; i < 12; i++) buffer.push(click());
    await release();
    expect(batches).toEqual([4, 10]);
    expect(buffer.size).toBe(2);
    // The 2 go with the next tick.
    tick();
    await release();
    expect(batches).toEqual([4, 10, 2]);
    expect(buffer.size).toBe(0);
  });
});
