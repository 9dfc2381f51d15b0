import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffEndpoints,
  type EndpointData,
  type PartnerStatus,
  type PartnerStatusBody,
  type RevivedDates,
} from '@portal/contracts';
import { api } from '@/lib/api-client';

/** A row of GET /staff/partners as the web reads it (dates revived). */
export type StaffPartnerRow = RevivedDates<EndpointData<typeof staffEndpoints.listPartners>>[number];

const staffPartnersKey = ['staff-partners'] as const;

/** GET /staff/partners: the partners this staff member handles, of one status or all. */
export const useStaffPartners = (status: PartnerStatus | null) =>
  useQuery(
    queryOptions({
      queryKey: [...staffPartnersKey, 'list', status],
      queryFn: async () =>
        (await api.call(staffEndpoints.listPartners, { query: status ? { status } : {} })).data ?? [],
    }),
  );

/** GET /staff/partners/{id}/status-history, newest first. */
export const usePartnerStatusHistory = (partnerId: number | null) =>
  useQuery({
    queryKey: [...staffPartnersKey, 'history', partnerId],
    queryFn: async () =>
      (await api.call(staffEndpoints.partnerStatusHistory, { params: { id: partnerId } })).data ?? [],
    enabled: partnerId !== null,
  });

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

/** PUT /staff/partners/{id}/status; the lists and histories reload. Errors go through the one error path. */
export function useChangePartnerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PartnerStatusBody }) =>
      api.call(staffEndpoints.changePartnerStatus, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnersKey }),
  });
}
