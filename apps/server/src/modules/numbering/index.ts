// Gap-free numbering series (decision 073): payment batches (PAY-yyyy-nnnnn) and advertiser invoices (ADV-yyyy-nnnnn).
import type { DbOrTx } from '../../db/client.js';
import { takeNextNumber } from './numbering.repository.js';

export const NUMBERING_SERIES = {
  paymentBatch: { series: 'payment_batch', prefix: 'PAY' },
  advertiserInvoice: { series: 'advertiser_invoice', prefix: 'ADV' },
} as const;

/**
 * The next reference of a series for a year, `PREFIX-yyyy-nnnnn`, taken in the caller's transaction (it must be one:
 * the number is given back if it rolls back).
 */
export async function nextReference(tx: DbOrTx, kind: keyof typeof NUMBERING_SERIES, year: number): Promise<string> {
  const { series, prefix } = NUMBERING_SERIES[kind];
  const n = await takeNextNumber(tx, series, year);
  return `${prefix}-${year}-${String(n).padStart(5, '0')}`;
}
