import { type AdvertiserCreate, advertisersEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

export const useCreateAdvertiser = () =>
  useAdvertiserMutation((body: AdvertiserCreate) => api.call(advertisersEndpoints.create, { body }, formCall));
