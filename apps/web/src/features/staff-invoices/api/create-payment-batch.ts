import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PaymentBatchRefusalSchema, paymentBatchesEndpoints, type PaymentBatchRefusal } from '@portal/contracts';
import { z } from 'zod';
import { api, isApiRequestError } from '@/lib/api-client';
import { staffInvoiceKeys } from './keys';

/**
 * POST /staff/payment-batches: a draft SEPA batch of the selected validated invoices (decision 073). A 409 is the
 * caller's to show (its refusals, one per invoice); the invoices list reloads (their batch badge) once built.
 */
export function useCreatePaymentBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceIds: number[]) =>
      api.call(paymentBatchesEndpoints.create, { body: { invoiceIds } }, { skipBadRequestHandling: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffInvoiceKeys.all });
    },
  });
}

const RefusalsSchema = z.object({ refusals: z.array(PaymentBatchRefusalSchema) });

/** The invoices a refused build names (409 `data.refusals`); none for any other error. */
export function refusalsOf(error: unknown): PaymentBatchRefusal[] {
  if (!isApiRequestError(error, 409)) return [];
  const parsed = RefusalsSchema.safeParse(error.data);
  return parsed.success ? parsed.data.refusals : [];
}
