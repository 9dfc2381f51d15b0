import { type BulkApplicationDecision, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useQueueMutation } from './use-queue-mutation';

/** POST /staff/partner-offers/decisions: many at once, all or none. */
export const useDecideApplications = () =>
  useQueueMutation((body: BulkApplicationDecision) => api.call(staffEndpoints.decideApplications, { body }));
