import { documentsEndpoints, type ReviewComplianceDocumentBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useQueueMutation } from './use-queue-mutation';

/** PUT /staff/compliance-documents/{id}: the partner is notified. */
export const useReviewDocument = () =>
  useQueueMutation(({ id, body }: { id: number; body: ReviewComplianceDocumentBody }) =>
    api.call(documentsEndpoints.review, { params: { id }, body }),
  );
