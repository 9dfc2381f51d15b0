import type { StaffInvoiceRow } from '../api/get-staff-invoices';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { invoiceMovesFor, type InvoiceMove } from '@portal/contracts';
import { useConfig } from '@/lib/config';
import { moveLabelKey } from './invoice-move-dialog';

/**
 * An invoice's buttons: one per move of the transition table this staff member's role performs (decision 064); an
 * invoice one created waits for another person to validate it, which the row says.
 */
export function InvoiceMoves({ invoice, onMove }: { invoice: StaffInvoiceRow; onMove: (move: InvoiceMove) => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const moves = invoiceMovesFor(config.roles, invoice.status).filter(
    (move) => !(move.duty === 'validate_invoice' && invoice.createdById === config.user.id),
  );
  const ownToValidate = invoice.status === 'waiting_for_approval' && invoice.createdById === config.user.id;
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {moves.map((move) => (
          <Button
            key={move.to}
            size="compact-sm"
            variant={move.duty === 'send_invoice_back' ? 'default' : move.to === 'paid' ? 'filled' : 'light'}
            data-testid="staff-invoice-move"
            onClick={() => onMove(move)}
          >
            {t(moveLabelKey(invoice.status, move))}
          </Button>
        ))}
      </Group>
      {ownToValidate ? (
        <Text size="xs" c="dimmed" data-testid="staff-invoice-own">
          {t('staff.invoices.ownInvoice')}
        </Text>
      ) : null}
    </>
  );
}
