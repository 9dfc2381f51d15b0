import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentsEndpoints,
  offersEndpoints,
  staffEndpoints,
  type BulkApplicationDecision,
  type BulkDocumentDecision,
  type DecideApplicationBody,
  type DocumentType,
  type ReviewComplianceDocumentBody,
} from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffQueueKeys } from './keys';

/** GET /staff/partner-offers: the pending applications this staff member decides, oldest first. */
export const usePendingApplications = (page: number, count: number) =>
  useQuery({
    queryKey: staffQueueKeys.applications(page, count),
    queryFn: async () => {
      const answer = await api.call(staffEndpoints.applications, { query: { status: 'pending', page, count } });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });

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

function useQueueMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQueueKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}

/** PUT /staff/partner-offers/{id}: the partner is notified. */
export const useDecideApplication = () =>
  useQueueMutation(({ id, body }: { id: number; body: DecideApplicationBody }) =>
    api.call(offersEndpoints.decideApplication, { params: { id }, body }),
  );

/** PUT /staff/compliance-documents/{id}: the partner is notified. */
export const useReviewDocument = () =>
  useQueueMutation(({ id, body }: { id: number; body: ReviewComplianceDocumentBody }) =>
    api.call(documentsEndpoints.review, { params: { id }, body }),
  );

/** POST /staff/partner-offers/decisions: many at once, all or none. */
export const useDecideApplications = () =>
  useQueueMutation((body: BulkApplicationDecision) => api.call(staffEndpoints.decideApplications, { body }));

/** POST /staff/compliance-documents/decisions: many at once, all or none. */
export const useDecideDocuments = () =>
  useQueueMutation((body: BulkDocumentDecision) => api.call(staffEndpoints.decideDocuments, { body }));
