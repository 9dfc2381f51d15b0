import { List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import type { BillingRequestRow } from '../api/get-billing-requests';

/**
 * The corrections of earlier invoices a billing request carries (decision 070): a conversion an issued invoice had
 * billed, reversed or adjusted since, cited by that invoice's number and taxed at its VAT rate; the issued invoice
 * itself is never edited.
 */
export function PaymentCorrections({ row }: { row: BillingRequestRow }) {
  const { t } = useTranslation();
  const lines = row.adjustments ?? [];
  if (lines.length === 0) return null;
  return (
    <Stack gap={4} data-testid="payment-corrections">
      <Text size="sm" fw={600}>
        {t('payments.corrections.title', {
          amount: formatMoneyMinor(row.adjustmentsAmount ?? 0, row.paymentCurrency),
        })}
      </Text>
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line.id} data-testid="payment-correction">
            {t('payments.corrections.line', {
              invoice: line.originalInvoice ?? t('payments.corrections.unknownInvoice'),
              rate: line.vatRatePercent,
              amount: formatMoneyMinor(line.payoutDelta, row.paymentCurrency),
              what: t(`payments.corrections.kinds.${line.kind}`, { defaultValue: line.kind }),
              conversion: line.conversionId,
            })}
            {line.reasonCode
              ? ` · ${t(`payments.corrections.reasons.${line.reasonCode}`, { defaultValue: line.reasonCode })}`
              : ''}
            {line.note ? ` · “${line.note}”` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
