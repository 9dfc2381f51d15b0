import { creativesEndpoints, type LandingPageInput } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffOffersChange } from './use-staff-offers-change';

/** POST /staff/offers/{id}/landing-pages (admins). */
export const useAddLandingPage = (offerId: number) =>
  useStaffOffersChange((body: LandingPageInput) =>
    api.call(creativesEndpoints.createLandingPage, { params: { id: offerId }, body }, formCall),
  );
