import { type ComplianceSettings, staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useStaffMutation } from './use-staff-mutation';

export const useUpdateComplianceSettings = () =>
  useStaffMutation((body: ComplianceSettings) =>
    api.call(staffEndpoints.updateComplianceSettings, { body }, { skipBadRequestHandling: true }),
  );
