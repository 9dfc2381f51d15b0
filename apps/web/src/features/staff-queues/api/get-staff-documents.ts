import { useQuery } from '@tanstack/react-query';
import { type DocumentType, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffQueueKeys } from './keys';

/** What the documents screen lists: the pending queue, or the expired documents to chase. */
export type DocumentsView = 'pending' | 'expired';

/** GET /staff/compliance-documents: pending (oldest first) or expired documents, optionally of one type. */
export const useStaffDocuments = (view: DocumentsView, type: DocumentType | null, page: number, count: number) =>
  useQuery({
    queryKey: staffQueueKeys.documents(view, type, page, count),
    queryFn: async () => {
      const answer = await api.call(staffEndpoints.documents, {
        query: {
          ...(view === 'pending' ? { status: 'pending' } : { status: 'all', expired: 'true' }),
          ...(type ? { type } : {}),
          page,
          count,
        },
      });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
