import { useMutation } from '@tanstack/react-query';
import { twoFactorEndpoints, type TwoFactorStartBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (body: TwoFactorStartBody) =>
      api.call(twoFactorEndpoints.start, { body }, { skipBadRequestHandling: true }),
  });
}
