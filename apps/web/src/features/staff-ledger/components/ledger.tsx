import { Card, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCount, formatMoneyMinor, type LedgerCurrency } from '@portal/contracts';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { finishedBillingMonths } from '@/lib/billing-months';
import { useLedgerSummary } from '../api/get-ledger-summary';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** One currency's books: both sides invoiced, paid, unpaid; the ledger lines; the approved and invoiced margins. */
function CurrencyBooks({ books }: { books: LedgerCurrency }) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoneyMinor(amount, books.currency);
  const label = (key: string) => t(`staff.ledger.${key}`);
  const rows: [string, string, string?][] = [
    [
      label('advertisersInvoiced'),
      money(books.advertisers.invoiced),
      t('staff.ledger.invoices', { count: books.advertisers.invoices }),
    ],
    [label('advertisersPaid'), money(books.advertisers.paid)],
    [label('advertisersUnpaid'), money(books.advertisers.unpaid)],
    [
      label('partnersInvoiced'),
      money(books.partners.invoiced),
      t('staff.ledger.invoices', { count: books.partners.invoices }),
    ],
    [label('partnersPaid'), money(books.partners.paid)],
    [label('partnersUnpaid'), money(books.partners.unpaid)],
    [label('adjustmentLines'), formatCount(books.adjustments.lines)],
    [label('payoutDelta'), money(books.adjustments.payoutDelta)],
    [label('revenueDelta'), money(books.adjustments.revenueDelta)],
    [label('approvedRevenue'), money(books.approved.revenue)],
    [label('approvedPayout'), money(books.approved.payout)],
    [label('approvedMargin'), money(books.approved.margin)],
    [label('invoicedMargin'), money(books.invoicedMargin)],
  ];
  const titleId = `ledger-${books.currency}`;
  return (
    <Card withBorder data-testid="ledger-currency" data-currency={books.currency}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {books.currency}
        </Title>
        <Table aria-labelledby={titleId} striped>
          <Table.Tbody>
            {rows.map(([name, value, note]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" fw={500}>
                  {name}
                  {note ? (
                    <Text size="xs" c="dimmed" component="span">
                      {' '}
                      ({note})
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td style={right}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/**
 * The books of a Paris month (decision 073), last month unless the address says another: per currency, what
 * advertisers were invoiced and paid, what partners were invoiced and paid, the ledger lines, and the margins. Amounts
 * before VAT but the paid and unpaid ones, which include it.
 */
export function Ledger() {
  const { t } = useTranslation();
  const [months] = useState(() => finishedBillingMonths(new Date()));
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : months[0]!.value;
  const summary = useLedgerSummary(month);
  const choices = months.some((m) => m.value === month) ? months : [{ value: month, label: month }, ...months];

  let body;
  if (summary.isPending)
    body = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (!summary.data)
    body = (
      <Text c="red" data-testid="ledger-error">
        {t('staff.ledger.loadError')}
      </Text>
    );
  else if (summary.data.currencies.length === 0)
    body = (
      <Text c="dimmed" data-testid="ledger-empty">
        {t('staff.ledger.empty')}
      </Text>
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {summary.data.currencies.map((books) => (
          <CurrencyBooks key={books.currency} books={books} />
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('staff.ledger.intro')}
      </Text>
      <TypeAheadSelect
        label={t('staff.ledger.month')}
        data={choices}
        value={month}
        onChange={(value) => value && setSearchParams(new URLSearchParams({ month: value }))}
        allowDeselect={false}
        w={220}
        data-testid="ledger-month"
      />
      {body}
    </Stack>
  );
}
