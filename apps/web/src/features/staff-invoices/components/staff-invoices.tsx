import { Anchor, Badge, Button, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  INVOICE_STATUSES,
  formatLocalDate,
  invoiceMovesFor,
  formatMoneyMinor,
  partnerDisplayName,
  type InvoiceMove,
  type StaffInvoice,
} from '@portal/contracts';
import { WindowPagination } from '@/components/window-pagination';
import { useConfig } from '@/lib/config';
import { invoiceStatusColor } from '@/lib/invoice-status';
import { paths } from '@/lib/paths';
import { useStaffInvoices } from '../api/get-staff-invoices';
import { InvoiceMoveDialog, moveLabelKey } from './invoice-move-dialog';

const PAGE_SIZE = 50;
type Status = (typeof INVOICE_STATUSES)[number];
const isStatus = (value: string | null): value is Status => INVOICE_STATUSES.includes(value as Status);

/**
 * The invoices finance works through to payment, filtered by status in the address. Finance and admins get one
 * button per move of the transition table their role performs (validate, start payment, mark paid, send back; decision
 * 064), each confirmed in a dialog, audited and told to the partner in the server's words; account and team managers
 * read their partners' invoices with no button. Validating an invoice one created is left to another person.
 */
export function StaffInvoices() {
  const { t } = useTranslation();
  const config = useConfig();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const invoices = useStaffInvoices({
    page,
    count: PAGE_SIZE,
    sort: 'date',
    order: 'desc',
    ...(isStatus(status) ? { status: [status] } : {}),
  });
  const [moving, setMoving] = useState<{ invoice: StaffInvoice; move: InvoiceMove } | null>(null);
  const label = (value: string) => config.data.invoiceStatusList.find((item) => item.value === value)?.label ?? value;

  const set = (next: { status?: string | null; page?: number }) => {
    const params = new URLSearchParams(searchParams);
    if (next.status !== undefined) {
      if (next.status) params.set('status', next.status);
      else params.delete('status');
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearchParams(params);
  };

  /** Account and team managers read invoices: no move, so no actions column (decision 064). */
  const movesInvoices = INVOICE_STATUSES.some((from) => invoiceMovesFor(config.roles, from).length > 0);
  /** The moves this staff member makes on an invoice: none for account and team managers (decision 064). */
  const movesOf = (invoice: StaffInvoice) =>
    invoiceMovesFor(config.roles, invoice.status).filter(
      (move) => !(move.duty === 'validate_invoice' && invoice.createdById === config.user.id),
    );

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label={t('staff.invoices.status')}
          data-testid="staff-invoices-status"
          placeholder={t('staff.invoices.allStatuses')}
          clearable
          data={INVOICE_STATUSES.map((value) => ({ value, label: label(value) }))}
          value={isStatus(status) ? status : null}
          onChange={(value) => set({ status: value })}
          w={260}
        />
      </Group>
      {invoices.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : invoices.isError ? (
        <Text c="red">{t('staff.invoices.loadError')}</Text>
      ) : invoices.data.list.length === 0 ? (
        <Text data-testid="staff-invoices-empty">{t('staff.invoices.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={1000}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.invoices.columns.reference')}</Table.Th>
                  <Table.Th>{t('staff.invoices.columns.partner')}</Table.Th>
                  <Table.Th>{t('staff.invoices.columns.period')}</Table.Th>
                  <Table.Th>{t('staff.invoices.columns.date')}</Table.Th>
                  <Table.Th>{t('staff.invoices.columns.due')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('staff.invoices.columns.amount')}</Table.Th>
                  <Table.Th>{t('staff.invoices.columns.status')}</Table.Th>
                  {movesInvoices ? <Table.Th>{t('staff.invoices.columns.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.list.map((invoice) => {
                  const moves = movesOf(invoice);
                  const ownToValidate =
                    movesInvoices &&
                    invoice.status === 'waiting_for_approval' &&
                    invoice.createdById === config.user.id;
                  return (
                    <Table.Tr key={invoice.id} data-testid="staff-invoice-row">
                      <Table.Td data-testid="staff-invoice-reference" style={{ whiteSpace: 'nowrap' }}>
                        {invoice.reference}
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={paths.staffPartner.href(invoice.partner.id)}>
                          {partnerDisplayName(invoice.partner.name, invoice.partner.id)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        {formatLocalDate(invoice.period.startDate)} – {formatLocalDate(invoice.period.endDate)}
                      </Table.Td>
                      <Table.Td>{formatLocalDate(invoice.date)}</Table.Td>
                      <Table.Td>{formatLocalDate(invoice.dueDate)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {formatMoneyMinor(invoice.totalAmount, invoice.paymentCurrency)}
                        <Text size="xs" c="dimmed">
                          {t('staff.invoices.vat', {
                            amount: formatMoneyMinor(invoice.totalVatAmount, invoice.paymentCurrency),
                          })}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ minWidth: 215, whiteSpace: 'nowrap' }}>
                        <Badge
                          color={invoiceStatusColor(invoice.status)}
                          variant="light"
                          data-testid="staff-invoice-status"
                        >
                          {label(invoice.status)}
                        </Badge>
                        {invoice.paidOn ? (
                          <Text size="xs" c="dimmed">
                            {t('staff.invoices.paidOn', { date: formatLocalDate(invoice.paidOn) })}
                          </Text>
                        ) : null}
                      </Table.Td>
                      {movesInvoices ? (
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            {moves.map((move) => (
                              <Button
                                key={move.to}
                                size="compact-sm"
                                variant={
                                  move.duty === 'send_invoice_back'
                                    ? 'default'
                                    : move.to === 'paid'
                                      ? 'filled'
                                      : 'light'
                                }
                                data-testid="staff-invoice-move"
                                onClick={() => setMoving({ invoice, move })}
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
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {invoices.data.total > PAGE_SIZE ? (
            <WindowPagination
              page={page}
              totalPages={Math.ceil(invoices.data.total / PAGE_SIZE)}
              onChange={(value) => set({ page: value })}
              label={t('staff.invoices.pages')}
              testId="staff-invoices-pages"
            />
          ) : null}
        </>
      )}
      {moving ? (
        <InvoiceMoveDialog invoice={moving.invoice} move={moving.move} onClose={() => setMoving(null)} />
      ) : null}
    </Stack>
  );
}
