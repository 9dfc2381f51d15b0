import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, type BasicReportRow } from '@portal/contracts';

/**
 * Under the daily and sub-ID reports (decision 110): the totals row's conversions split by status, one line a
 * currency, as the conversion report's totals say it: the approved ones and their payout (the Revenue column), the
 * pending ones and the payout they would bring, the rejected ones. Nothing when the range holds no conversion.
 */
export function TotalsByStatus({ rows }: { rows: readonly BasicReportRow[] }) {
  const { t } = useTranslation();
  const totals = rows.find((row) => row.isTotal);
  const lines = (totals?.byCurrency ?? []).filter((f) => f.conversions + f.pending + f.rejected > 0);
  if (lines.length === 0) return null;
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
    </Stack>
  );
}
