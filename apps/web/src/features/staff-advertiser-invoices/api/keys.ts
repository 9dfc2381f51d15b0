import type { ListAdvertiserInvoicesQuery } from '@portal/contracts';

/** The query keys of "Advertisers owe"; every run, payment or credit note reloads everything under `all`. */
export const advertiserInvoiceKeys = {
  all: ['staff-advertiser-invoices'] as const,
  owe: () => [...advertiserInvoiceKeys.all, 'owe'] as const,
  list: (query: Partial<ListAdvertiserInvoicesQuery>) => [...advertiserInvoiceKeys.all, 'list', query] as const,
  advertisers: () => [...advertiserInvoiceKeys.all, 'advertisers'] as const,
};
