import type { PaymentBatchStatus } from '@portal/contracts';

/** The query keys of the Payments out screens; every change of a batch reloads everything under `all`. */
export const paymentBatchKeys = {
  all: ['staff-payment-batches'] as const,
  list: (query: { page: number; count: number; status?: PaymentBatchStatus }) =>
    [...paymentBatchKeys.all, 'list', query] as const,
  detail: (id: number) => [...paymentBatchKeys.all, 'one', id] as const,
  byHand: (page: number, count: number) => [...paymentBatchKeys.all, 'by-hand', page, count] as const,
};
