import { creativesEndpoints, type CreativeInput } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffOffersChange } from './use-staff-offers-change';

/** POST /staff/offers/{id}/creatives (admins). */
export const useAddCreative = (offerId: number) =>
  useStaffOffersChange((body: CreativeInput) =>
    api.call(creativesEndpoints.create, { params: { id: offerId }, body }, formCall),
  );
