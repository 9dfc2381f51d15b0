import type { StaffPartnersQuery } from '@portal/contracts';

/** The query keys of the partners screens; every change reloads everything under `all`. */
export const staffPartnerKeys = {
  all: ['staff-partners'] as const,
  list: (query: StaffPartnersQuery) => [...staffPartnerKeys.all, 'list', query] as const,
  detail: (id: number) => [...staffPartnerKeys.all, 'one', id] as const,
  performance: (id: number) => [...staffPartnerKeys.all, 'performance', id] as const,
  quality: (id: number) => [...staffPartnerKeys.all, 'quality', id] as const,
  managers: () => [...staffPartnerKeys.all, 'managers'] as const,
  auditLog: (partnerId: number, page: number, count: number) =>
    [...staffPartnerKeys.all, 'audit', partnerId, page, count] as const,
  statusHistory: (partnerId: number | null) => [...staffPartnerKeys.all, 'history', partnerId] as const,
};
