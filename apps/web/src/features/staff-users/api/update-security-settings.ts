import { type SecuritySettings, staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

export const useUpdateSecuritySettings = () =>
  useStaffMutation((body: SecuritySettings) =>
    api.call(staffUserEndpoints.updateSecuritySettings, { body }, { skipBadRequestHandling: true }),
  );
