import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffEndpoints, staffOffersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffNewsKeys } from './keys';

/** Offers and partners found by what was typed, for an audience: `{value: id, label}`. */
export const useAudienceOptions = (kind: 'offers' | 'partners', search: string) =>
  useQuery({
    queryKey: staffNewsKeys.audience(kind, search),
    queryFn: async () => {
      const query = { page: 1, count: 20, ...(search ? { q: search } : {}) };
      return kind === 'offers'
        ? ((await api.call(staffOffersEndpoints.list, { query })).data ?? []).map((o) => ({
            value: String(o.id),
            label: `${o.name} #${o.id}`,
          }))
        : ((await api.call(staffEndpoints.listPartners, { query })).data ?? []).map((p) => ({
            value: String(p.id),
            label: p.displayName,
          }));
    },
    placeholderData: keepPreviousData,
  });
