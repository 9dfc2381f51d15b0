import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversionScrubsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { sharedQueryRoots } from '@/lib/query-keys';
import { scrubKeys } from './keys';

/** POST /staff/conversion-scrubs/{id}/apply: reverses every found conversion at once; the screens reload. */
export function useApplyScrub(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(conversionScrubsEndpoints.apply, { params: { id } })).data,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: scrubKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
