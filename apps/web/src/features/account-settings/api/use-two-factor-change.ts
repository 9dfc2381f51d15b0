import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSettingsQueryOptions } from './get-account-settings';

/** Confirming or disabling changes the two-factor state the settings show: reload them. */
export function useTwoFactorChange<B, R>(change: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSettingsQueryOptions().queryKey }),
  });
}
