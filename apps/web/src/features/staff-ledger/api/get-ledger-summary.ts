import { useQuery } from '@tanstack/react-query';
import { ledgerEndpoints } from '@portal/contracts';
import { api } from '@/lib/api-client';
import { ledgerKeys } from './keys';

/** GET /staff/ledger/summary?month=: the books of a Paris month, per currency. */
export const useLedgerSummary = (month: string) =>
  useQuery({
    queryKey: ledgerKeys.summary(month),
    queryFn: async () => (await api.call(ledgerEndpoints.summary, { query: { month } })).data,
  });
