import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffNewsKeys } from './keys';

export function useNewsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffNewsKeys.all }),
  });
}
