import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffQueueKeys } from './keys';

export function useQueueMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQueueKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
