import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffUserKeys } from './keys';

export function useStaffMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffUserKeys.all }),
  });
}
