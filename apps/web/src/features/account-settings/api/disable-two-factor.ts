import { type TwoFactorDisableBody, twoFactorEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useTwoFactorChange } from './use-two-factor-change';

export const useDisableTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorDisableBody) =>
    api.call(twoFactorEndpoints.disable, { body }, { skipBadRequestHandling: true }),
  );
