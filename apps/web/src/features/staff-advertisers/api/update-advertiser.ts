import { advertisersEndpoints, type AdvertiserUpdate } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

export const useUpdateAdvertiser = (id: number) =>
  useAdvertiserMutation((body: AdvertiserUpdate) =>
    api.call(advertisersEndpoints.update, { params: { id }, body }, formCall),
  );
