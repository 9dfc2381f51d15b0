import { useQuery } from '@tanstack/react-query';
import { staffUserEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { staffPartnerKeys } from './keys';

/** The staff members one may assign a partner to (admins: everyone; team managers: their team). */
export const useAssignableManagers = (enabled: boolean) =>
  useQuery({
    queryKey: staffPartnerKeys.managers(),
    queryFn: async () =>
      ((await api.call(staffUserEndpoints.list, {})).data ?? []).filter(
        (user) => user.enabled && user.roles.some((role) => role !== 'ROLE_FINANCE'),
      ),
    enabled,
    staleTime: 60_000,
  });
