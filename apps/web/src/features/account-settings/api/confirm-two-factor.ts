import { type TwoFactorConfirmBody, twoFactorEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { useTwoFactorChange } from './use-two-factor-change';

/** Answers the new state and the recovery codes, which are never shown again. */
export const useConfirmTwoFactor = () =>
  useTwoFactorChange((body: TwoFactorConfirmBody) =>
    api.call(twoFactorEndpoints.confirm, { body }, { skipBadRequestHandling: true }),
  );
