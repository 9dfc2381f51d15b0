import { ActionIcon, Badge, Button, Center, Grid, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, INVOICE_STATUSES, formatLocalDate, formatMoneyMinor } from '@portal/contracts';
import { FoldingFilters } from '@/components/folding-filters';
import { RowCard, RowCards, usePhoneLayout } from '@/components/row-cards';
import { DayInput } from '@/components/day-input';
import { WindowPagination } from '@/components/window-pagination';
import { useConfig } from '@/lib/config';
import { useUserZone } from '@/lib/user-zone';
import { downloadFile } from '@/lib/files';
import { useBillingRequests, type BillingRequestRow } from '../api/get-billing-requests';
import { formatHoldMoment } from '../payout-hold';
import { NextPayment } from './next-payment';
import { PaymentCorrections } from './payment-corrections';
import {
  billingRequestQueryOf,
  invoiceStatusColor,
  NO_PAYMENT_FILTERS,
  parsePaymentSearch,
  paymentFilterCount,
  paymentSearchParams,
  rangeIsInverted,
  type PaymentFilters,
} from '../payments-search';
import { DeferredMultiSelect, DeferredSelect, loadTypeAheadSelect } from '@/components/deferred-select';

/**
 * The Payments screen (spec section 2): the partner's billing requests and invoices, filtered by period, invoice
 * status and deferral (applied by the server, decision 025), newest period first, paginated. Periods and invoice
 * dates are Paris days; paid-on days and the next payment (decision 052) are on the partner's time zone.
 */
export function Payments() {
  const { t } = useTranslation();
  const zone = useUserZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = parsePaymentSearch(searchParams);
  const query = billingRequestQueryOf(filters, page);
  const payments = useBillingRequests(query);
  const total = payments.data?.total ?? 0;
  const rows = payments.data?.list ?? [];

  const goTo = (next: PaymentFilters, nextPage = 1) => setSearchParams(paymentSearchParams(next, nextPage));

  let body;
  if (payments.isPending || (payments.isFetching && payments.isPlaceholderData))
    body = (
      <Center p="xl" mih={160} data-testid="payments-loading" aria-busy="true">
        <Loader />
      </Center>
    );
  else if (payments.isError)
    body = (
      <Text c="dimmed" ta="center" p="xl" data-testid="payments-error">
        {t('errors.generic')}
      </Text>
    );
  else if (rows.length === 0)
    body = (
      <Text c="dimmed" ta="center" p="xl" data-testid="payments-empty">
        {t('payments.empty')}
      </Text>
    );
  else body = <PaymentsTable rows={rows} />;

  return (
    <Stack gap="md">
      <NextPayment />
      {/* On a phone the form folds behind a "Filters (n)" button (decision 095). */}
      <FoldingFilters count={paymentFilterCount(filters)} appliedKey={searchParams.toString()}>
        <Paper withBorder p="md" radius="md">
          <PaymentsFilterForm
            key={searchParams.toString()}
            initial={filters}
            onSubmit={(next) => goTo(next)}
            onReset={() => goTo(NO_PAYMENT_FILTERS)}
          />
        </Paper>
      </FoldingFilters>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="payments-total" data-total={total}>
            {t('payments.count', { count: total })} · {t('payments.parisTime', { zone: zone.name })}
          </Text>
          {body}
          <WindowPagination
            page={page}
            // The query asks for pages of DEFAULT_PAGE_SIZE (billingRequestQueryOf).
            totalPages={Math.ceil(total / DEFAULT_PAGE_SIZE)}
            onChange={(next) => goTo(filters, next)}
            label={t('payments.pagination')}
            testId="payments-pagination"
          />
        </Stack>
      </Paper>
      {/* Below the list, drawn once the list first came: drawn before, it was pushed down as the list replaced its
          loader, a layout shift of the whole screen on a phone (decision 133). */}
      {payments.isPending ? null : <PaymentsLegend />}
    </Stack>
  );
}

/** What each badge means, in the spec's colours (section 4), 'Deferred' and 'Not invoiced yet' included. */
function PaymentsLegend() {
  const { t } = useTranslation();
  const config = useConfig();
  const statusLabel = (status: string) =>
    config.data.invoiceStatusList.find((item) => item.value === status)?.label ?? status;
  const entries: { key: string; badge: ReactNode; text: string }[] = [
    ...INVOICE_STATUSES.map((status) => ({
      key: status,
      badge: (
        <Badge color={invoiceStatusColor(status)} variant="light">
          {statusLabel(status)}
        </Badge>
      ),
      text: t(`payments.legend.${status}`),
    })),
    {
      key: 'deferred',
      badge: (
        <Badge color="gray" variant="light">
          {t('payments.deferred')}
        </Badge>
      ),
      text: t('payments.legend.deferred'),
    },
    {
      key: 'not_invoiced',
      badge: (
        <Badge color="gray" variant="outline">
          {t('payments.notInvoiced')}
        </Badge>
      ),
      text: t('payments.legend.notInvoiced'),
    },
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid="payments-legend">
      <Text fw={600} size="sm" mb="xs">
        {t('payments.legend.title')}
      </Text>
      <Stack gap={6}>
        {entries.map((entry) => (
          <Group
            key={entry.key}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            data-testid="payments-legend-entry"
            data-status={entry.key}
          >
            <div style={{ flexShrink: 0, minWidth: 150 }}>{entry.badge}</div>
            <Text size="sm">{entry.text}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function PaymentsFilterForm({
  initial,
  onSubmit,
  onReset,
}: {
  initial: PaymentFilters;
  onSubmit: (filters: PaymentFilters) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const [filters, setFilters] = useState(initial);
  const inverted = rangeIsInverted(filters);
  const set = <K extends keyof PaymentFilters>(key: K, value: PaymentFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!inverted) onSubmit(filters);
  };

  return (
    <form onSubmit={submit} data-testid="payments-filter" noValidate>
      <Grid align="flex-end">
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DayInput
            label={t('payments.filters.startDate')}
            value={filters.startDate}
            onChange={(value) => set('startDate', value)}
            placeholder={t('reports.filters.datePlaceholder')}
            clearable
            data-testid="payments-start-date"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DayInput
            label={t('payments.filters.endDate')}
            value={filters.endDate}
            onChange={(value) => set('endDate', value)}
            placeholder={t('reports.filters.datePlaceholder')}
            clearable
            error={inverted ? t('reports.filters.rangeMin') : undefined}
            data-testid="payments-end-date"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <DeferredMultiSelect
            label={t('payments.filters.status')}
            placeholder={filters.status.length === 0 ? t('payments.filters.allStatuses') : undefined}
            data={config.data.invoiceStatusList.map(({ value, label }) => ({ value, label }))}
            value={filters.status}
            onChange={(value) => set('status', value as PaymentFilters['status'])}
            clearable
            data-testid="payments-status"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <DeferredSelect
            load={loadTypeAheadSelect}
            label={t('payments.filters.deferred')}
            data={[
              { value: '', label: t('payments.filters.any') },
              { value: 'yes', label: t('payments.filters.yes') },
              { value: 'no', label: t('payments.filters.no') },
            ]}
            value={filters.deferred}
            onChange={(value) => set('deferred', (value ?? '') as PaymentFilters['deferred'])}
            allowDeselect={false}
            data-testid="payments-deferred"
          />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="subtle" onClick={onReset} data-testid="payments-reset">
          {t('payments.filters.reset')}
        </Button>
        <Button type="submit" disabled={inverted} data-testid="payments-submit">
          {t('reports.filters.submit')}
        </Button>
      </Group>
    </form>
  );
}

/** Why a deferred request was carried over: nothing after corrections (decision 070), or under the threshold. */
function carriedText(row: BillingRequestRow): string {
  if (row.totalAmount - row.totalVatAmount <= 0) return 'payments.carriedNegative';
  return row.paymentThreshold === null ? 'payments.carried' : 'payments.carriedUnder';
}

function PaymentsTable({ rows }: { rows: BillingRequestRow[] }) {
  const { t } = useTranslation();
  const config = useConfig();
  const phone = usePhoneLayout();
  const statusLabel = (status: string) =>
    config.data.invoiceStatusList.find((item) => item.value === status)?.label ?? status;

  if (phone)
    return (
      <RowCards label={t('payments.cardsLabel')} testId="payments-cards" inset={false}>
        {rows.map((row) => (
          <PaymentCard key={row.id} row={row} statusLabel={statusLabel} />
        ))}
      </RowCards>
    );

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="payments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payments.columns.period')}</Table.Th>
            <Table.Th>{t('payments.columns.invoiceDate')}</Table.Th>
            <Table.Th>{t('payments.columns.invoiceNumber')}</Table.Th>
            <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
            <Table.Th>{t('payments.columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <Table.Tr data-testid="payment-row" data-id={row.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatLocalDate(row.period.startDate)} – {formatLocalDate(row.period.endDate)}
                </Table.Td>
                <Table.Td>
                  {row.invoice ? formatLocalDate(row.invoice.date) : '—'}
                  {row.invoice && row.dueOn ? (
                    // Decision 070: the due day the billing run recorded by the payment terms.
                    <Text size="xs" c="dimmed" data-testid="payment-due-on">
                      {t('payments.dueOn', { date: formatLocalDate(row.dueOn) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text ff="monospace" size="sm">
                      {row.invoice?.reference ?? '—'}
                    </Text>
                    {row.invoice?.file ? (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={t('payments.downloadInvoice', { reference: row.invoice.reference })}
                        title={t('payments.downloadInvoice', { reference: row.invoice.reference })}
                        onClick={() => void downloadFile(row.invoice!.file!.id)}
                        data-testid="invoice-download"
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid="payment-amount"
                  // Spec section 3: the tax-exclusive amount is the total minus VAT.
                  title={
                    row.totalVatAmount > 0
                      ? t('payments.excludingVat', {
                          amount: formatMoneyMinor(row.totalAmount - row.totalVatAmount, row.paymentCurrency),
                        })
                      : undefined
                  }
                >
                  {formatMoneyMinor(row.totalAmount, row.paymentCurrency)}
                </Table.Td>
                <Table.Td data-testid="payment-status">
                  <PaymentStatus row={row} statusLabel={statusLabel} />
                </Table.Td>
              </Table.Tr>
              {row.adjustments && row.adjustments.length > 0 ? (
                <Table.Tr data-testid="payment-corrections-row">
                  <Table.Td colSpan={5}>
                    <PaymentCorrections row={row} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A billing request's state: deferred and why, paid, returned, held, invoiced, or not invoiced yet. */
function PaymentStatus({ row, statusLabel }: { row: BillingRequestRow; statusLabel: (status: string) => string }) {
  const { t } = useTranslation();
  return (
    <>
      {row.deferred ? (
        <Stack gap={2}>
          <Badge color="gray" variant="light">
            {t('payments.deferred')}
          </Badge>
          {/* Decision 027: the amount before VAT was under the threshold and moves to next month's request. */}
          <Text size="xs" c="dimmed" data-testid="payment-carried">
            {t(carriedText(row), {
              amount: formatMoneyMinor(row.totalAmount - row.totalVatAmount, row.paymentCurrency),
              threshold:
                row.paymentThreshold === null ? '' : formatMoneyMinor(row.paymentThreshold, row.paymentCurrency),
            })}
          </Text>
        </Stack>
      ) : row.invoice?.paidOn ? (
        <Stack gap={2}>
          <Badge color={invoiceStatusColor(row.invoice.status)} variant="light">
            {statusLabel(row.invoice.status)}
          </Badge>
          {/* Decision 052: the day finance marked it paid, on the partner's time zone. */}
          <Text size="xs" c="dimmed" data-testid="payment-paid-on">
            {t('payments.paidOn', { date: formatLocalDate(row.invoice.paidOn) })}
          </Text>
        </Stack>
      ) : row.invoice?.returnedOn ? (
        <Stack gap={2}>
          <Badge color={invoiceStatusColor(row.invoice.status)} variant="light">
            {statusLabel(row.invoice.status)}
          </Badge>
          {/* Decision 073: the bank returned the payment, on the partner's time zone, with its reason. */}
          <Text size="xs" c="red" data-testid="payment-returned">
            {t('payments.returned', {
              date: formatLocalDate(row.invoice.returnedOn),
              reason: row.invoice.returnReason ?? '',
            })}
          </Text>
          {row.invoice.heldUntil ? (
            <Text size="xs" c="dimmed" data-testid="payment-held-until">
              {t('payments.heldUntil', { until: formatHoldMoment(row.invoice.heldUntil) })}
            </Text>
          ) : null}
        </Stack>
      ) : row.invoice?.heldUntil ? (
        <Stack gap={2}>
          <Badge color={invoiceStatusColor(row.invoice.status)} variant="light">
            {statusLabel(row.invoice.status)}
          </Badge>
          {/* Decision 072: held after a change of the bank details, on the partner's time zone. */}
          <Text size="xs" c="dimmed" data-testid="payment-held-until">
            {t('payments.heldUntil', { until: formatHoldMoment(row.invoice.heldUntil) })}
          </Text>
        </Stack>
      ) : row.invoice ? (
        <Badge color={invoiceStatusColor(row.invoice.status)} variant="light">
          {statusLabel(row.invoice.status)}
        </Badge>
      ) : (
        <Badge color="gray" variant="outline">
          {t('payments.notInvoiced')}
        </Badge>
      )}
    </>
  );
}

/**
 * A billing request on a phone (decision 095): its period as the heading, then the amount and the status, the invoice
 * date and number (with its download), and the corrections below.
 */
function PaymentCard({ row, statusLabel }: { row: BillingRequestRow; statusLabel: (status: string) => string }) {
  const { t } = useTranslation();
  return (
    <RowCard
      title={`${formatLocalDate(row.period.startDate)} – ${formatLocalDate(row.period.endDate)}`}
      fields={[
        {
          key: 'amount',
          label: t('payments.columns.amount'),
          value: formatMoneyMinor(row.totalAmount, row.paymentCurrency),
          money: true,
          testId: 'payment-amount',
        },
        {
          key: 'status',
          label: t('payments.columns.status'),
          value: <PaymentStatus row={row} statusLabel={statusLabel} />,
          testId: 'payment-status',
          // Across the card: a badge such as 'Waiting for approval' and the line under it keep their whole text.
          wide: true,
        },
        {
          key: 'invoiceDate',
          label: t('payments.columns.invoiceDate'),
          value: (
            <>
              {row.invoice ? formatLocalDate(row.invoice.date) : '—'}
              {row.invoice && row.dueOn ? (
                <Text size="xs" c="dimmed" data-testid="payment-due-on">
                  {t('payments.dueOn', { date: formatLocalDate(row.dueOn) })}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          key: 'invoiceNumber',
          label: t('payments.columns.invoiceNumber'),
          value: (
            <Group gap={6} wrap="nowrap">
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {row.invoice?.reference ?? '—'}
              </Text>
              {row.invoice?.file ? (
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('payments.downloadInvoice', { reference: row.invoice.reference })}
                  onClick={() => void downloadFile(row.invoice!.file!.id)}
                  data-testid="invoice-download"
                >
                  <IconDownload size={18} />
                </ActionIcon>
              ) : null}
            </Group>
          ),
        },
      ]}
      data-testid="payment-row"
      data-id={row.id}
    >
      {row.adjustments && row.adjustments.length > 0 ? (
        <div data-testid="payment-corrections-row">
          <PaymentCorrections row={row} />
        </div>
      ) : null}
    </RowCard>
  );
}
