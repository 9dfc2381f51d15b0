import { staffEndpoints } from '@portal/contracts';
import type { SearchOption } from '@/components/search-select';
import { api } from '@/lib/api-client';

/** The active partners a picker offers (the overrides', the caps'), the first 20 by name, e-mail or `#id`. */
export async function searchActivePartners(q: string): Promise<SearchOption[]> {
  const query = { page: 1, count: 20, status: 'active' as const, ...(q ? { q } : {}) };
  const answer = await api.call(staffEndpoints.listPartners, { query });
  return (answer.data ?? []).map((p) => ({ value: String(p.id), label: `${p.companyName} #${p.id}` }));
}
