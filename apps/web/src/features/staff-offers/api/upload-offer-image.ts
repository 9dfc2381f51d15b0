import { type StaffImageUpload, staffNewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';

export const uploadOfferImage = async (body: StaffImageUpload) =>
  (await api.call(staffNewsEndpoints.uploadImage, { body }, formCall)).data;
