import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { staffOfferKeys } from './keys';

/** Caches a value under each key, invalidates `target`, and answers which keys were invalidated. */
async function invalidatedBy(target: QueryKey, keys: QueryKey[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  await client.invalidateQueries({ queryKey: target });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('staffOfferKeys', () => {
  it('builds every key under the feature root, with its arguments last', () => {
    expect(staffOfferKeys.list({ page: 2, count: 20 })).toEqual(['staff-offers', 'list', { page: 2, count: 20 }]);
    expect(staffOfferKeys.detail(7)).toEqual(['staff-offers', 'one', 7]);
    expect(staffOfferKeys.overrideRequests(7)).toEqual(['staff-offers', 'overrides', 7, 'requests']);
    expect(staffOfferKeys.partnerSearch('cap-partners', 'ac')).toEqual(['staff-offers', 'cap-partners', 'ac']);
  });

  it("reloads an offer's overrides and its override requests together, and no other offer's", async () => {
    const seven = [staffOfferKeys.overrides(7), staffOfferKeys.overrideRequests(7)];
    const eight = [staffOfferKeys.overrides(8), staffOfferKeys.overrideRequests(8)];
    expect(await invalidatedBy(staffOfferKeys.overrides(7), [...seven, ...eight, staffOfferKeys.caps(7)])).toEqual(
      seven,
    );
  });

  it('reloads every staff offers query from the root, and nothing else', async () => {
    const own = [
      staffOfferKeys.list({}),
      staffOfferKeys.detail(1),
      staffOfferKeys.creatives(1),
      staffOfferKeys.caps(1),
    ];
    expect(await invalidatedBy(staffOfferKeys.all, [...own, ['offers', 'detail', 1]])).toEqual(own);
  });
});
