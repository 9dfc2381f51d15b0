import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

export function useNotificationChange<V>(run: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
