import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DecideApplicationBody, offersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** PUT /staff/partner-offers/{id} from the partner's page: the partner is notified. */
export function useDecidePartnerApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideApplicationBody }) =>
      api.call(offersEndpoints.decideApplication, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPartnerKeys.all }),
  });
}
