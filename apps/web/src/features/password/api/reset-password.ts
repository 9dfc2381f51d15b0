import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type PasswordResetBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** Bad requests are shown under the fields, so the generic display is switched off. */
export async function resetPassword(body: PasswordResetBody) {
  return api.call(authEndpoints.resetPassword, { body }, { skipBadRequestHandling: true, loading: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
