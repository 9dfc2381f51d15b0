import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedQueryRoots } from '@/lib/query-keys';
import { staffConversionKeys } from './keys';

/** A change after the fact (decision 069) as a mutation: the search and the home's counts reload after it. */
export function useConversionChangeMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffConversionKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.staffHome });
    },
  });
}
