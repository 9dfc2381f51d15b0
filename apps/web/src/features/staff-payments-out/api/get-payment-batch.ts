import { useQuery } from '@tanstack/react-query';
import { paymentBatchesEndpoints, type EndpointData, type RevivedDates } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { paymentBatchKeys } from './keys';

/** A batch with its transactions as the client reads it: its `…At` moments revived as dates. */
export type PaymentBatchView = RevivedDates<EndpointData<typeof paymentBatchesEndpoints.get>>;

/** GET /staff/payment-batches/{id}: one batch with its transactions. */
export const usePaymentBatch = (id: number) =>
  useQuery({
    queryKey: paymentBatchKeys.detail(id),
    queryFn: async () => (await api.call(paymentBatchesEndpoints.get, { params: { id } })).data,
  });
