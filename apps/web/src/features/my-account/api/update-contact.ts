import { accountEndpoints, type UpdatePartnerContactBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

export function updateContact(id: number, body: UpdatePartnerContactBody) {
  return api.call(
    accountEndpoints.updateContact,
    { params: { id }, body },
    { skipBadRequestHandling: true, loading: true },
  );
}
