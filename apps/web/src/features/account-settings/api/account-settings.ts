import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authEndpoints,
  settingsEndpoints,
  twoFactorEndpoints,
  type ChangePasswordBody,
  type EndpointData,
  type Preferences,
  type TimezoneBody,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorStartBody,
} from '@portal/contracts';
import { api, type ApiResult } from '@/lib/api-client';
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
      api.call(authEndpoints.changePassword, { body }, { skipBadRequestHandling: true }),
  });
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorStartBody) =>
      api.call(twoFactorEndpoints.start, { body }, { skipBadRequestHandling: true }),
  });
}

/** Confirming or disabling changes the two-factor state the settings show: reload them. */
function useTwoFactorChange<B, R>(change: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSettingsQueryOptions().queryKey }),
  });
}

/** Answers the new state and the recovery codes, which are never shown again. */
export const useConfirmTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorConfirmBody) =>
    api.call(twoFactorEndpoints.confirm, { body }, { skipBadRequestHandling: true }),
  );
export const useDisableTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorDisableBody) =>
    api.call(twoFactorEndpoints.disable, { body }, { skipBadRequestHandling: true }),
  );
