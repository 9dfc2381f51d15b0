import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyKeys } from './keys';

export function useKeyChange<V, R>(run: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
