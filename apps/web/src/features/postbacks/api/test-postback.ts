import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { usePostbackChange } from './use-postback-change';

/** Fires the postback once with the sample values; the answer is the attempt made. */
export const useTestPostback = () =>
  usePostbackChange((id: number) => api.call(postbacksEndpoints.test, { params: { id } }));
