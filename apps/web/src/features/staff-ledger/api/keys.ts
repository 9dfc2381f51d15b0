/** The query keys of the books. */
export const ledgerKeys = {
  all: ['staff-ledger'] as const,
  summary: (month: string) => [...ledgerKeys.all, month] as const,
};
