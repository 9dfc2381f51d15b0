import { useMutation, useQueryClient } from '@tanstack/react-query';
import { advertiserKeys } from './keys';

export function useAdvertiserMutation<V, R>(run: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
  });
}
