import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { accountSettingsKeys } from './keys';

/** The signed-in user's time zone, preferences and two-factor state. */
async function getAccountSettings() {
  return (await api.call(settingsEndpoints.get)).data;
}

export function accountSettingsQueryOptions() {
  return queryOptions({ queryKey: accountSettingsKeys.all, queryFn: getAccountSettings });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}
