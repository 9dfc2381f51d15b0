import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndpointData, settingsEndpoints } from '@portal/contracts';
import type { ApiResult } from '@/lib/api-client';
import { accountSettingsQueryOptions } from './get-account-settings';

/** Saves one part of the settings; the answer is the whole, fresh settings object. */
export function useSettingsSave<B>(save: (body: B) => Promise<ApiResult<EndpointData<typeof settingsEndpoints.get>>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ data }) => queryClient.setQueryData(accountSettingsQueryOptions().queryKey, data),
  });
}
