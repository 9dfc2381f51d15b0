import { useQuery } from '@tanstack/react-query';
import { staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffUserKeys } from './keys';

export const useSecuritySettings = (enabled: boolean) =>
  useQuery({
    queryKey: staffUserKeys.security(),
    queryFn: async () => (await api.call(staffUserEndpoints.securitySettings, {})).data,
    enabled,
  });
