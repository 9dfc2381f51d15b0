import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, type BasicReportRow, type ConvertedTotal } from '@portal/contracts';
import { convertedTotalText } from '../converted-total-text';

/**
 * Under the daily and sub-ID reports (decision 110): the totals row's conversions split by status, one line a
 * currency, as the conversion report's totals say it: the approved ones and their payout (the Revenue column), the
 * pending ones and the payout they would bring, the rejected ones. Nothing when the range holds no conversion.
 */
export function TotalsByStatus({
  rows,
  converted = null,
}: {
  rows: readonly BasicReportRow[];
  /** The totals' payout in the payment currency at each day's rate (decision 112); null without one. */
  converted?: ConvertedTotal | null;
}) {
  const { t } = useTranslation();
  const totals = rows.find((row) => row.isTotal);
  const lines = (totals?.byCurrency ?? []).filter((f) => f.conversions + f.pending + f.rejected > 0);
  if (lines.length === 0) return null;
  const earlier = converted?.missingDays.length ?? 0;
  return (
    <Stack gap={2} px="md" py="xs" aria-label={t('reports.totalsByStatusLabel')} data-testid="report-totals-by-status">
      {lines.map((f) => (
        <Text key={f.currency} size="sm" data-testid="report-totals-status" data-currency={f.currency}>
          {t('reports.totalsByStatus', {
            currency: f.currency,
            split: t('reports.totalsSplit', {
              approved: f.conversions,
              approvedRevenue: formatMoneyMinor(f.revenue, f.currency),
              pending: f.pending,
              pendingRevenue: formatMoneyMinor(f.pendingRevenue, f.currency),
              rejected: f.rejected,
            }),
          })}
        </Text>
      ))}
      {/* One total in the payment currency, said to be converted; the lines above keep the amounts as booked. */}
      {converted ? (
        <Text
          size="sm"
          fw={500}
          data-testid="report-converted-total"
          data-currency={converted.currency}
          title={earlier > 0 ? t('reports.convertedEarlierRate', { count: earlier }) : undefined}
        >
          {convertedTotalText(t, converted)}
        </Text>
      ) : null}
    </Stack>
  );
}
