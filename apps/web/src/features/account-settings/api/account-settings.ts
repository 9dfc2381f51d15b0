import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSettings,
  ChangePasswordBody,
  Preferences,
  TimezoneBody,
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolled,
  TwoFactorPending,
  TwoFactorStartBody,
  TwoFactorStatus,
} from '@portal/contracts';
import { api } from '@/lib/api-client';

/** The signed-in user's time zone, preferences and two-factor state. */
export function accountSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['account-settings'],
    queryFn: async () => (await api.get<AccountSettings>('/account/settings')).data,
  });
}

export function useAccountSettings() {
  return useQuery(accountSettingsQueryOptions());
}

/** Saves one part of the settings; the answer is the whole, fresh settings object. */
function useSettingsSave<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => api.put<AccountSettings>(path, body, { skipBadRequestHandling: true }),
    onSuccess: ({ data }) => queryClient.setQueryData(accountSettingsQueryOptions().queryKey, data),
  });
}

export const useSaveTimezone = () => useSettingsSave<TimezoneBody>('/account/timezone');
export const useSavePreferences = () => useSettingsSave<Preferences>('/account/preferences');

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
