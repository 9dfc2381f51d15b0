import { useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffUserKeys } from './keys';

/** GET /staff/settings/compliance: the document types every partner must hold, approved and unexpired. */
export const useComplianceSettings = () =>
  useQuery({
    queryKey: staffUserKeys.compliance(),
    queryFn: async () => (await api.call(staffEndpoints.complianceSettings, {})).data,
  });
