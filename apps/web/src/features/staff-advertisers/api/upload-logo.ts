import { type StaffImageUpload, staffNewsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';

/** A product logo, stored as a staff image (kind 'logo'): its id and URL. */
export const uploadLogo = async (image: StaffImageUpload['image']) =>
  (await api.call(staffNewsEndpoints.uploadImage, { body: { kind: 'logo', image } }, formCall)).data;
