import { useQuery } from '@tanstack/react-query';
import { paymentBatchesEndpoints, type PaymentBatchStatus } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { paymentBatchKeys } from './keys';

/** GET /staff/payment-batches: the batches, newest first, by status, paged. */
export const usePaymentBatches = (query: { page: number; count: number; status?: PaymentBatchStatus }) =>
  useQuery({
    queryKey: paymentBatchKeys.list(query),
    queryFn: async () => {
      const answer = await api.call(paymentBatchesEndpoints.list, { query });
      return { list: answer.data ?? [], total: answer.total ?? 0 };
    },
  });
