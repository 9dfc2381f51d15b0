import { useQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** GET /staff/audit-log?partnerId=: the partner's history tab, newest first. */
export const usePartnerAuditLog = (partnerId: number, page: number, count: number) =>
  useQuery({
    queryKey: staffPartnerKeys.auditLog(partnerId, page, count),
    queryFn: async () => {
      const answer = await api.call(auditEndpoints.auditLog, { query: { partnerId, page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
