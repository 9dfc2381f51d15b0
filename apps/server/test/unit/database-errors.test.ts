import { describe, expect, it } from 'vitest';
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
