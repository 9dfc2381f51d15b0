import { staffUserEndpoints, type TeamUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffMutation } from './use-staff-mutation';

export const useUpdateTeam = () =>
  useStaffMutation(({ id, body }: { id: number; body: TeamUpdate }) =>
    api.call(staffUserEndpoints.updateTeam, { params: { id }, body }, formCall),
  );
