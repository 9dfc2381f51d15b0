import { Anchor, Badge, Button, Center, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  NEXT_INVOICE_STATUS,
  formatLocalDate,
  formatMoneyMinor,
  partnerDisplayName,
  type StaffInvoice,
} from '@portal/contracts';
import { WindowPagination } from '@/components/window-pagination';
import { useConfig } from '@/lib/config';
import { invoiceStatusColor } from '@/lib/invoice-status';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useSetInvoiceStatus, useStaffInvoices } from '../api/staff-invoices';

const PAGE_SIZE = 50;
type Status = (typeof INVOICE_STATUSES)[number];
const isStatus = (value: string | null): value is Status => INVOICE_STATUSES.includes(value as Status);

/**
 * The invoices finance works through to payment (and admins, and account managers for their own partners): filtered
 * by status in the address, each moved one step at a time, waiting for approval → validated → in payment → paid;
 * every step is audited and the partner notified in the same words (the server's).
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
  const move = useSetInvoiceStatus();
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

  const advance = (invoice: StaffInvoice, to: Status) =>
    move.mutate(
      { id: invoice.id, status: to },
      {
        onSuccess: () =>
          showSnackbar({
            kind: 'success',
            message: t('staff.invoices.moved', { reference: invoice.reference, status: INVOICE_STATUS_LABELS[to] }),
          }),
      },
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
                  <Table.Th>{t('staff.invoices.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.list.map((invoice) => {
                  const next = NEXT_INVOICE_STATUS[invoice.status];
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
                      <Table.Td>
                        {next ? (
                          <Button
                            size="compact-sm"
                            variant={next === 'paid' ? 'filled' : 'light'}
                            data-testid="staff-invoice-next"
                            loading={move.isPending && move.variables?.id === invoice.id}
                            onClick={() => advance(invoice, next)}
                          >
                            {t(`staff.invoices.next.${next}`)}
                          </Button>
                        ) : null}
                      </Table.Td>
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
    </Stack>
  );
}
