import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ChangePasswordBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.call(authEndpoints.changePassword, { body }, { skipBadRequestHandling: true }),
  });
}
