import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  auditEndpoints,
  offersEndpoints,
  documentsEndpoints,
  staffEndpoints,
  staffUserEndpoints,
  type DecideApplicationBody,
  type EndpointData,
  type PartnerStatusBody,
  type ReviewComplianceDocumentBody,
  type RevivedDates,
  type StaffPartnerUpdate,
  type StaffPartnersQuery,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** A row of GET /staff/partners as the web reads it (dates revived). */
export type StaffPartnerRow = RevivedDates<EndpointData<typeof staffEndpoints.listPartners>>[number];
/** GET /staff/partners/{id} as the web reads it. */
export type StaffPartnerProfileData = RevivedDates<EndpointData<typeof staffEndpoints.partner>>;

/** GET /staff/partners: search, filters, one page, sorted; the total for the pager. */
export const useStaffPartners = (query: StaffPartnersQuery) =>
  useQuery(
    queryOptions({
      queryKey: staffPartnerKeys.list(query),
      queryFn: async () => {
        const answer = await api.call(staffEndpoints.listPartners, { query });
        return { list: answer.data ?? [], total: answer.total ?? 0 };
      },
      placeholderData: (previous) => previous,
    }),
  );

/** GET /staff/partners/{id}: everything staff see of one partner. */
export const useStaffPartner = (id: number) =>
  useQuery({
    queryKey: staffPartnerKeys.detail(id),
    queryFn: async () => (await api.call(staffEndpoints.partner, { params: { id } })).data,
  });

/** PUT /staff/partners/{id}: only the fields given; the partner's page, the list and its history reload. */
export function useUpdateStaffPartner(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffPartnerUpdate) =>
      api.call(staffEndpoints.updatePartner, { params: { id }, body }, { skipBadRequestHandling: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}

/** The staff members one may assign a partner to (admins: everyone; team managers: their team). */
export const useAssignableManagers = (enabled: boolean) =>
  useQuery({
    queryKey: staffPartnerKeys.managers(),
    queryFn: async () =>
      ((await api.call(staffUserEndpoints.list, {})).data ?? []).filter(
        (user) => user.enabled && user.roles.some((role) => role !== 'ROLE_FINANCE'),
      ),
    enabled,
    staleTime: 60_000,
  });

/** GET /staff/audit-log?partnerId=: the partner's history tab, newest first. */
export const usePartnerAuditLog = (partnerId: number, page: number, count: number) =>
  useQuery({
    queryKey: staffPartnerKeys.auditLog(partnerId, page, count),
    queryFn: async () => {
      const answer = await api.call(auditEndpoints.auditLog, { query: { partnerId, page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

/** PUT /staff/partner-offers/{id} from the partner's page: the partner is notified. */
export function useDecidePartnerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideApplicationBody }) =>
      api.call(offersEndpoints.decideApplication, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}

/** PUT /staff/compliance-documents/{id} from the partner's page: status, expiry, reason. */
export function useReviewPartnerDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewComplianceDocumentBody }) =>
      api.call(documentsEndpoints.review, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}

/** GET /staff/partners/{id}/status-history, newest first. */
export const usePartnerStatusHistory = (partnerId: number | null) =>
  useQuery({
    queryKey: staffPartnerKeys.statusHistory(partnerId),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
