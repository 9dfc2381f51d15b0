import { useMutation } from '@tanstack/react-query';
import { registerEndpoints, type RegisterBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** Bad requests are shown under the fields, so the generic display is switched off. */
export async function registerPartner(body: RegisterBody) {
  return api.call(registerEndpoints.register, { body }, { skipBadRequestHandling: true, loading: true });
}

export function useRegisterPartner() {
  return useMutation({ mutationFn: registerPartner });
}
