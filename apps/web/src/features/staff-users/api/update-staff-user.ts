import { staffUserEndpoints, type StaffUserUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffMutation } from './use-staff-mutation';

export const useUpdateStaffUser = () =>
  useStaffMutation(({ id, body }: { id: number; body: StaffUserUpdate }) =>
    api.call(staffUserEndpoints.update, { params: { id }, body }, formCall),
  );
