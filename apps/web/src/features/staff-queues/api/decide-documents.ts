import { type BulkDocumentDecision, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useQueueMutation } from './use-queue-mutation';

/** POST /staff/compliance-documents/decisions: many at once, all or none. */
export const useDecideDocuments = () =>
  useQueueMutation((body: BulkDocumentDecision) => api.call(staffEndpoints.decideDocuments, { body }));
