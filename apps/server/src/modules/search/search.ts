import { STAFF_SEARCH_GROUP_MAX, type StaffSearchResult } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { StaffScope } from '../access/index.js';
import { listConversions } from '../conversions/index.js';
import { searchAdvertisers, searchOffers, searchPartners } from './search.repository.js';

/**
 * The top bar's one search (decision 080): each group as its own screen would find it, within the reader's scope.
 * Partners as the partners list reaches them (an account manager its own, finance none), offers for every staff
 * member, advertisers for admins only (null for others, who have no advertiser screen), conversions as the conversion
 * search finds them: an exact id, transaction id or click id, within the billing reach (decision 071).
 */
export async function staffSearch(db: DbOrTx, scope: StaffScope, q: string, now: Date): Promise<StaffSearchResult> {
  const admin = scope.roles.includes('ROLE_ADMIN');
  const [partners, offers, advertisers, conversions] = [
    await searchPartners(db, scope, q),
    await searchOffers(db, q),
    admin ? await searchAdvertisers(db, q) : null,
    await listConversions(
      db,
      scope,
      { q, sort: 'time', order: 'desc', page: 1, count: STAFF_SEARCH_GROUP_MAX },
      null,
      now,
    ),
  ];
  return {
    partners,
    offers,
    advertisers,
    conversions: conversions.list.map((row) => ({
      id: row.id,
      transactionId: row.transactionId,
      clickId: row.clickId,
      status: row.status,
      partnerDisplayName: row.partnerDisplayName,
      offerName: row.offerName,
    })),
  };
}
