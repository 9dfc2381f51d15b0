import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StaffConversionListRow as Row } from '../api/get-conversions';
import { ConversionDecisionDialog, sumsInWords, type ConversionDecision } from './conversion-decision-dialog';

/**
 * What the selected pending conversions go through together (decision 079): approve or decline, after a confirmation
 * naming their count and totals; the bar says how many are selected and their payout and revenue. Nothing is drawn
 * while none is selected; the selection is cleared once the decision is taken.
 */
type BulkPart = 'bar' | 'selected' | 'approve' | 'decline' | 'clear';
const CONVERSIONS_TEST_IDS: Record<BulkPart, string> = {
  bar: 'staff-conversions-bulk',
  selected: 'staff-conversions-selected',
  approve: 'staff-conversions-bulk-approve',
  decline: 'staff-conversions-bulk-decline',
  clear: 'staff-conversions-bulk-clear',
};

/** The same bar on the fraud review screen (decision 108), its parts named for that screen. */
export const FRAUD_REVIEW_TEST_IDS: Record<BulkPart, string> = {
  bar: 'fraud-bulk',
  selected: 'fraud-selected',
  approve: 'fraud-approve',
  decline: 'fraud-decline',
  clear: 'fraud-clear',
};

export function ConversionBulkBar({
  selected,
  onClear,
  testIds = CONVERSIONS_TEST_IDS,
}: {
  selected: readonly Row[];
  onClear: () => void;
  testIds?: Record<BulkPart, string>;
}) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<ConversionDecision | null>(null);
  const count = selected.length;
  if (count === 0) return null;
  return (
    <>
      <Paper withBorder p="sm" data-testid={testIds.bar}>
        <Group justify="space-between" align="center">
          <Text size="sm" fw={500} data-testid={testIds.selected}>
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
              onClick={() => setDeciding('approved')}
              data-testid={testIds.approve}
            >
              {t('staff.conversions.bulk.approve', { count })}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => setDeciding('rejected')}
              data-testid={testIds.decline}
            >
              {t('staff.conversions.bulk.decline', { count })}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={onClear} data-testid={testIds.clear}>
              {t('staff.conversions.bulk.clear')}
            </Button>
          </Group>
        </Group>
      </Paper>
      {deciding ? (
        <ConversionDecisionDialog
          conversions={selected}
          status={deciding}
          bulk
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            onClear();
          }}
        />
      ) : null}
    </>
  );
}
