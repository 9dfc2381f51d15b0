import { creativesEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useStaffOffersChange } from './use-staff-offers-change';

/** DELETE /staff/offers/{id}/landing-pages/{childId} (admins). */
export const useRemoveLandingPage = (offerId: number) =>
  useStaffOffersChange((childId: number) =>
    api.call(creativesEndpoints.deleteLandingPage, { params: { id: offerId, childId } }),
  );
