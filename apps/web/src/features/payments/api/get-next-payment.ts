import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { billingRequestKeys } from './keys';

/** GET /billing-request/next-payment: the next payment expected, and this month's earnings so far (decision 052). */
export async function getNextPayment() {
  return (await api.call(billingEndpoints.nextPayment)).data;
}

export function useNextPayment() {
  return useQuery(queryOptions({ queryKey: billingRequestKeys.nextPayment(), queryFn: getNextPayment }));
}
