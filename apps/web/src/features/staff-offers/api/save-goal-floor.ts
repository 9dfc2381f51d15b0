import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { staffOfferKeys } from './keys';

/**
 * PUT /staff/goals/{id} with only `minSecondsToConvert`: the goal's floor for the `tooFast` conversion rule (decision
 * 101). The floor is the network goal's, so it holds on every offer paying on it; audited with the goal.
 */
export function useSaveGoalFloor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, minSecondsToConvert }: { id: number; minSecondsToConvert: number | null }) =>
      api.call(goalsEndpoints.update, { params: { id }, body: { minSecondsToConvert } }, formCall),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOfferKeys.options() }),
  });
}
