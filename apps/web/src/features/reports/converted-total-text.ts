import type { TFunction } from 'i18next';
import { formatMoneyMinor, type ConvertedTotal } from '@portal/contracts';

/** '≈ 1 234,56 € in all, converted to EUR at the day's rate (+ 90,00 € pending)': the converted total's words. */
export function convertedTotalText(t: TFunction, converted: ConvertedTotal): string {
  const amount = formatMoneyMinor(converted.payout, converted.currency);
  return converted.pendingPayout !== 0
    ? t('reports.convertedPending', { amount, currency: converted.currency, pending: formatMoneyMinor(converted.pendingPayout, converted.currency) }) // prettier-ignore
    : t('reports.convertedTotal', { amount, currency: converted.currency });
}
