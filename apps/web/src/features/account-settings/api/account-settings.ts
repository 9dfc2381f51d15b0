import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  settingsEndpoints,
  type ChangePasswordBody,
  type EndpointData,
  type Preferences,
  type TimezoneBody,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorEnrolled,
  type TwoFactorPending,
  type TwoFactorStartBody,
  type TwoFactorStatus,
} from '@portal/contracts';
import { api, type ApiResult } from '@/lib/api-client';

/** The signed-in user's time zone, preferences and two-factor state. */
async function getAccountSettings() {
  return (await api.call(settingsEndpoints.get)).data;
}

export function accountSettingsQueryOptions() {
  return queryOptions({ queryKey: ['account-settings'], queryFn: getAccountSettings });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}

/** Saves one part of the settings; the answer is the whole, fresh settings object. */
function useSettingsSave<B>(save: (body: B) => Promise<ApiResult<EndpointData<typeof settingsEndpoints.get>>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: ({ data }) => queryClient.setQueryData(accountSettingsQueryOptions().queryKey, data),
  });
}

export const useSaveTimezone = () =>
  useSettingsSave((body: TimezoneBody) =>
    api.call(settingsEndpoints.setTimezone, { body }, { skipBadRequestHandling: true }),
  );
export const useSavePreferences = () =>
  useSettingsSave((body: Preferences) =>
    api.call(settingsEndpoints.setPreferences, { body }, { skipBadRequestHandling: true }),
  );

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<null>('/account/change-password', body, { skipBadRequestHandling: true }),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorStartBody) =>
      api.post<TwoFactorPending>('/account/two-factor/start', body, { skipBadRequestHandling: true }),
  });
}

/** Confirming or disabling changes the two-factor state the settings show: reload them. */
function useTwoFactorChange<B, R>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<R>(path, body, { skipBadRequestHandling: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSettingsQueryOptions().queryKey }),
  });
}

/** Answers the new state and the recovery codes, which are never shown again. */
export const useConfirmTwoFactor = () =>
  useTwoFactorChange<TwoFactorConfirmBody, TwoFactorEnrolled>('/account/two-factor/confirm');
export const useDisableTwoFactor = () =>
  useTwoFactorChange<TwoFactorDisableBody, TwoFactorStatus>('/account/two-factor/disable');
