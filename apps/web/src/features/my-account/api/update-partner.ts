import { accountEndpoints, type UpdatePartnerCompanyBody, type UpdatePartnerPaymentFormBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/**
 * PUT /partner/{id} with one of its two field sets (the payment set with the current password).
 * Bad requests are shown under the fields, so the generic display is switched off.
 */
export function updatePartner(id: number, body: UpdatePartnerCompanyBody | UpdatePartnerPaymentFormBody) {
  return api.call(
    accountEndpoints.updatePartner,
    { params: { id }, body },
    { skipBadRequestHandling: true, loading: true },
  );
}
