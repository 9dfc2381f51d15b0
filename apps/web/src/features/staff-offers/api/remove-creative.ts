import { creativesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useStaffOffersChange } from './use-staff-offers-change';

/** DELETE /staff/offers/{id}/creatives/{childId} (admins). */
export const useRemoveCreative = (offerId: number) =>
  useStaffOffersChange((childId: number) => api.call(creativesEndpoints.delete, { params: { id: offerId, childId } }));
