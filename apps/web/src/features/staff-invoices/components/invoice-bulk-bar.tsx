import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invoiceMovesFor, performsDuty, type InvoiceMove } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { moveLabelKey } from './invoice-move-dialog';
import { totalsInWords, totalsOf } from './selection-totals';

/**
 * What the selected invoices can go through together (decision 073): the moves of the transition table the reader's
 * roles perform, when they are all at one status (otherwise it says so), and a payment batch for validated ones. An
 * invoice the reader's own run created keeps the validation for another person, as on its row.
 */
export function InvoiceBulkBar({
  selected,
  onMove,
  onBuildBatch,
  onClear,
}: {
  selected: readonly StaffInvoiceRow[];
  onMove: (move: InvoiceMove) => void;
  onBuildBatch: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const statuses = [...new Set(selected.map((invoice) => invoice.status))];
  const status = statuses.length === 1 ? statuses[0]! : null;
  const own = selected.filter((invoice) => invoice.createdById === config.user.id).length;
  const moves = status
    ? invoiceMovesFor(config.roles, status).filter((move) => !(move.duty === 'validate_invoice' && own > 0))
    : [];
  const canBatch = status === 'invoice_validated' && performsDuty(config.roles, 'build_payment_batch');
  return (
    <Paper withBorder p="sm" data-testid="staff-invoices-bulk">
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500} data-testid="staff-invoices-selected">
          {t('staff.invoices.bulk.selected', { count: selected.length, totals: totalsInWords(totalsOf(selected)) })}
        </Text>
        <Group gap="xs">
          {moves.map((move) => (
            <Button
              key={move.to}
              size="compact-sm"
              variant={move.duty === 'send_invoice_back' ? 'default' : 'light'}
              data-testid="staff-invoices-bulk-move"
              onClick={() => onMove(move)}
            >
              {t(moveLabelKey(status!, move))}
            </Button>
          ))}
          {canBatch ? (
            <Button size="compact-sm" data-testid="staff-invoices-build-batch" onClick={onBuildBatch}>
              {t('staff.invoices.bulk.buildBatch')}
            </Button>
          ) : null}
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            {t('staff.invoices.bulk.clear')}
          </Button>
        </Group>
      </Group>
      {status === null ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="staff-invoices-bulk-mixed">
          {t('staff.invoices.bulk.mixed')}
        </Text>
      ) : null}
      {status === 'waiting_for_approval' && own > 0 ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('staff.invoices.bulk.own', { count: own })}
        </Text>
      ) : null}
      {status !== null && moves.length === 0 && !canBatch && !(status === 'waiting_for_approval' && own > 0) ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('staff.invoices.bulk.noMove')}
        </Text>
      ) : null}
    </Paper>
  );
}
