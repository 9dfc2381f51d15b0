import { type StaffUserCreate, staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffMutation } from './use-staff-mutation';

export const useCreateStaffUser = () =>
  useStaffMutation((body: StaffUserCreate) => api.call(staffUserEndpoints.create, { body }, formCall));
