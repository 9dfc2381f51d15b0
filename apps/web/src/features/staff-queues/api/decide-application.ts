import { type DecideApplicationBody, offersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useQueueMutation } from './use-queue-mutation';

/** PUT /staff/partner-offers/{id}: the partner is notified. */
export const useDecideApplication = () =>
  useQueueMutation(({ id, body }: { id: number; body: DecideApplicationBody }) =>
    api.call(offersEndpoints.decideApplication, { params: { id }, body }),
  );
