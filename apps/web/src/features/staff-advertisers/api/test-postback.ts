import { advertisersEndpoints, type TestPostback } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { formCall } from './form-call';
import { useAdvertiserMutation } from './use-advertiser-mutation';

export const useTestPostback = (id: number) =>
  useAdvertiserMutation((body: TestPostback) =>
    api.call(advertisersEndpoints.testPostback, { params: { id }, body }, formCall),
  );
