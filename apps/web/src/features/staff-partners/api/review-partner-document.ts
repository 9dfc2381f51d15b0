import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsEndpoints, type ReviewComplianceDocumentBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** PUT /staff/compliance-documents/{id} from the partner's page: status, expiry, reason. */
export function useReviewPartnerDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewComplianceDocumentBody }) =>
      api.call(documentsEndpoints.review, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
