import { postbacksEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { usePostbackChange } from './use-postback-change';

export const useResendDelivery = () =>
  usePostbackChange((deliveryId: string) => api.call(postbacksEndpoints.resendDelivery, { params: { deliveryId } }));
