import { advertisersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

export const useRotateToken = (id: number) =>
  useAdvertiserMutation((graceHours: number) =>
    api.call(advertisersEndpoints.rotateToken, { params: { id }, body: { graceHours } }, formCall),
  );
