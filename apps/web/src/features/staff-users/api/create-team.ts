import { staffUserEndpoints, type TeamBody } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useStaffMutation } from './use-staff-mutation';

export const useCreateTeam = () =>
  useStaffMutation((body: TeamBody) => api.call(staffUserEndpoints.createTeam, { body }, formCall));
