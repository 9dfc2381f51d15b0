import { useMutation } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /staff/partners/{id}/view-as, then the portal opens in a new tab, read-only, as that partner (decision 039).
 * The link is opened on this origin, whatever public address the server was given.
 */
export function useViewAsPartner() {
  return useMutation({
    mutationFn: async (id: number) => {
      const { data } = await api.call(staffEndpoints.viewAsPartner, { params: { id } });
      const link = new URL(data.url, window.location.origin);
      window.open(`${link.pathname}${link.search}`, '_blank', 'noopener');
      return data;
    },
  });
}
