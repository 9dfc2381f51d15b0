import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffConversionListRow as Row } from '../api/get-conversions';
import { sumsInWords, type ConversionDecision } from './conversion-decision-dialog';

/**
 * What the selected pending conversions go through together (decision 079): approve or decline, after a confirmation
 * naming their count and totals; the bar says how many are selected and their payout and revenue.
 */
export function ConversionBulkBar({
  selected,
  onDecide,
  onClear,
}: {
  selected: readonly Row[];
  onDecide: (status: ConversionDecision) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const count = selected.length;
  return (
    <Paper withBorder p="sm" data-testid="staff-conversions-bulk">
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500} data-testid="staff-conversions-selected">
          {t('staff.conversions.bulk.selected', {
            count,
            payout: sumsInWords(selected, (row) => row.payout),
            revenue: sumsInWords(selected, (row) => row.revenue),
          })}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            color="green"
            onClick={() => onDecide('approved')}
            data-testid="staff-conversions-bulk-approve"
          >
            {t('staff.conversions.bulk.approve', { count })}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => onDecide('rejected')}
            data-testid="staff-conversions-bulk-decline"
          >
            {t('staff.conversions.bulk.decline', { count })}
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={onClear} data-testid="staff-conversions-bulk-clear">
            {t('staff.conversions.bulk.clear')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
