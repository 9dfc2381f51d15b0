import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditEndpoints, type AuditLogQuery, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { auditLogKeys } from './keys';

/** An entry of GET /staff/audit-log as the web reads it (dates revived). */
export type AuditRow = RevivedDates<EndpointData<typeof auditEndpoints.auditLog>>[number];

export type AuditFilter = Partial<Omit<AuditLogQuery, 'page' | 'count'>>;

/** GET /staff/audit-log: newest first, one page, within the reader's scope. */
export const useAuditLog = (filter: AuditFilter, page: number, count: number) =>
  useQuery({
    queryKey: auditLogKeys.list(filter, page, count),
    queryFn: async () => {
      const answer = await api.call(auditEndpoints.auditLog, { query: { ...filter, page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
    placeholderData: keepPreviousData,
  });

/** GET /staff/audit-log/actors: the staff members whose entries the reader may read, for the actor filter. */
export const useAuditActors = () =>
  useQuery({
    queryKey: auditLogKeys.actors,
    queryFn: async () => (await api.call(auditEndpoints.auditActors, {})).data ?? [],
    staleTime: 60_000,
  });
