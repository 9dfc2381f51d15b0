import type { TestPostback, TestPostbackResult } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { ClickBuffer } from '../click/index.js';
import { insertPostbackLog, previewPostback } from '../conversions/index.js';
import { goalByCodeOrName } from '../goals/index.js';
import { advertiserWithCounts } from './advertisers.repository.js';
import { ADVERTISER_NOT_FOUND } from './advertisers.service.js';

/**
 * What a postback of this advertiser would record, without recording it: the advertiser's log gets one `test` line
 * (no conversion, no money). The staff tool and the advertiser's own (decision 100) both run this.
 */
export async function runTestPostback(
  engine: { db: Db; buffer: ClickBuffer },
  advertiserId: number,
  body: TestPostback,
  request: { ip: string; now: Date },
): Promise<TestPostbackResult> {
  const { db, buffer } = engine;
  if (!(await advertiserWithCounts(db, advertiserId))) throw notFound(ADVERTISER_NOT_FOUND);
  const { transaction_id: transactionId, ...rest } = body;
  // People try it with the name they read ('First deposit'): it stands for the goal's code (decision 078).
  const goal = await goalByCodeOrName(db, rest.goal);
  const params = { ...rest, goal: goal?.identifier ?? rest.goal, ...(transactionId ? { transaction_id: transactionId } : {}) }; // prettier-ignore
  const result = { ...(await previewPostback(db, buffer, advertiserId, params, request.now)), goalCode: goal?.identifier ?? null }; // prettier-ignore
  await insertPostbackLog(db, {
    advertiserId,
    outcome: 'test',
    status: result.status,
    reason: result.reason,
    duplicate: result.duplicate,
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    ip: request.ip,
    createdAt: request.now,
  });
  return result;
}
