import type { PartnerContact, UpdatePartnerContactBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

export function updateContact(id: number, body: UpdatePartnerContactBody) {
  return api.put<PartnerContact>(`/partner-contact/${id}`, body, { skipBadRequestHandling: true, loading: true });
}
