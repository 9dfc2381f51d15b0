import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postbackKeys } from './keys';

/** Every change reloads the list (and any open stats). */
export function usePostbackChange<V, R>(run: (value: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postbackKeys.all }),
  });
}
