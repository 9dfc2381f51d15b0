import { describe, expect, it } from 'vitest';
import { replicaFailure } from '../../src/db/report-reads.js';
import { isDatabaseUnavailable } from '../../src/lib/errors.js';

/** An error as drizzle throws it: its own, with the driver's as its cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable (decisions 053, 061)', () => {
  it('knows node-postgres words for a connection lost, refused or never opened', () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      // The client's own connect timeout (the pool's wait is longer since decision 061).
      'timeout expired',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
      'Cannot use a pool after calling end on the pool',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it('knows the SQLSTATEs and socket codes of an absent database', () => {
    for (const code of ['08006', '57P01', '57P03', '53300', 'ECONNREFUSED', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable(wrapped(withCode('gone', code))), code).toBe(true);
    }
  });

  it('leaves a wrong query, a broken rule or a lock wait to the usual error path', () => {
    for (const [message, code] of [
      ['syntax error at or near "selec"', '42601'],
      ['duplicate key value violates unique constraint', '23505'],
      ['canceling statement due to statement timeout', '57014'],
      ['deadlock detected', '40P01'],
    ] as const) {
      expect(isDatabaseUnavailable(wrapped(withCode(message, code))), message).toBe(false);
    }
  });
});

describe('replicaFailure: which report reads fail over to the primary (decision 127)', () => {
  it('retries a replica that is away or that canceled the read to replay, not a query the primary would fail too', () => {
    const cases: [Error, 'away' | 'conflict' | null][] = [
      [new Error('Connection terminated unexpectedly'), 'away'],
      [new Error('Connection terminated due to connection timeout'), 'away'],
      [withCode('connect ECONNREFUSED 127.0.0.1:5621', 'ECONNREFUSED'), 'away'],
      [withCode('terminating connection due to administrator command', '57P01'), 'away'],
      [withCode('terminating connection due to crash of another server process', '57P02'), 'away'],
      [withCode('the database system is starting up', '57P03'), 'away'],
      [withCode('canceling statement due to conflict with recovery', '40001'), 'conflict'],
      [withCode('syntax error at or near "form"', '42601'), null],
      [withCode('division by zero', '22012'), null],
      [withCode('duplicate key value violates unique constraint', '23505'), null],
      [withCode('canceling statement due to statement timeout', '57014'), null],
      [withCode('relation "stats_hourly" does not exist', '42P01'), null],
    ];
    for (const [error, reason] of cases) expect(replicaFailure(wrapped(error)), error.message).toBe(reason);
  });
});
