import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerStatus,
  PartnerStatusBody,
  PartnerStatusChange,
  RevivedDates,
  StaffPartner,
} from '@portal/contracts';
import { api } from '@/lib/api-client';

export type StaffPartnerRow = RevivedDates<StaffPartner>;
export type PartnerStatusChangeRow = RevivedDates<PartnerStatusChange>;

const staffPartnersKey = ['staff-partners'] as const;

/** GET /staff/partners: the partners this staff member handles, of one status or all. */
export const useStaffPartners = (status: PartnerStatus | null) =>
  useQuery(
    queryOptions({
      queryKey: [...staffPartnersKey, 'list', status],
      queryFn: async () =>
        (await api.get<StaffPartnerRow[]>('/staff/partners', { query: status ? { status } : {} })).data ?? [],
    }),
  );

/** GET /staff/partners/{id}/status-history, newest first. */
export const usePartnerStatusHistory = (partnerId: number | null) =>
  useQuery({
    queryKey: [...staffPartnersKey, 'history', partnerId],
    queryFn: async () =>
      (await api.get<PartnerStatusChangeRow[]>(`/staff/partners/${partnerId}/status-history`)).data ?? [],
    enabled: partnerId !== null,
  });

/** PUT /staff/partners/{id}/status; the lists and histories reload. Errors go through the one error path. */
export function useChangePartnerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PartnerStatusBody }) =>
      api.put<StaffPartnerRow>(`/staff/partners/${id}/status`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnersKey }),
  });
}
