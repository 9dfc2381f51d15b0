import { advertisersEndpoints, staffEndpoints, staffOffersEndpoints } from '@portal/contracts';
import type { SearchOption } from '@/components/search-select';
import { api } from '@/lib/api-client';

/** How many names one search shows. */
const NAMES = 20;
const withQ = (q: string) => (q ? { q } : {});
const named = (name: string, id: number): SearchOption => ({ value: String(id), label: `${name} #${id}` });

/** Partners by name, e-mail or id, as the staff partners list finds them within the reader's scope. */
export const searchPartnerNames = async (q: string) =>
  ((await api.call(staffEndpoints.listPartners, { query: { page: 1, count: NAMES, ...withQ(q) } })).data ?? []).map(
    (partner) => named(partner.companyName, partner.id),
  );

/** Offers by name or id, as the staff catalogue finds them. */
export const searchOfferNames = async (q: string) =>
  ((await api.call(staffOffersEndpoints.list, { query: { page: 1, count: NAMES, ...withQ(q) } })).data ?? []).map(
    (offer) => named(offer.name, offer.id),
  );

/** Advertisers by a part of the name or by `#id`, from the admins' advertisers list (one short list, read whole). */
export async function searchAdvertiserNames(q: string) {
  const all = (await api.call(advertisersEndpoints.list)).data ?? [];
  const text = q.toLocaleLowerCase();
  const id = /^#?(\d+)$/.exec(q)?.[1];
  return all
    .filter((advertiser) => !q || String(advertiser.id) === id || advertiser.name.toLocaleLowerCase().includes(text))
    .slice(0, NAMES)
    .map((advertiser) => named(advertiser.name, advertiser.id));
}
