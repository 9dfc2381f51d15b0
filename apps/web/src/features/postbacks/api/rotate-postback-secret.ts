import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { postbackKeys } from './keys';

export function useRotatePostbackSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(postbacksEndpoints.rotateSecret),
    onSuccess: ({ data }) => queryClient.setQueryData(postbackKeys.secret(), data),
  });
}
