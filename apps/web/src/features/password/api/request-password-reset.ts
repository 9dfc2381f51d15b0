import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type PasswordLostBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** Always 200 on the server (no account enumeration); bad requests stay under the field. */
export async function requestPasswordReset(body: PasswordLostBody) {
  return api.call(authEndpoints.passwordLost, { body }, { skipBadRequestHandling: true, loading: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
