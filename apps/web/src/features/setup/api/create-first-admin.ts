import { useMutation } from '@tanstack/react-query';
import { setupEndpoints, type FirstAdminBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** Bad requests are shown under the fields (or as the invalid-link view), so the generic display is switched off. */
export async function createFirstAdmin(body: FirstAdminBody) {
  return api.call(setupEndpoints.createFirstAdmin, { body }, { skipBadRequestHandling: true, loading: true });
}

export function useCreateFirstAdmin() {
  return useMutation({ mutationFn: createFirstAdmin });
}
