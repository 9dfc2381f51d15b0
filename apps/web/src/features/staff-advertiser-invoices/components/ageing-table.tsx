import { Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AGEING_BUCKETS, formatLocalDate, formatMoneyMinor } from '@portal/contracts';
import { useAdvertisersOwe } from '../api/get-advertisers-owe';

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * What advertisers owe today (decision 073): per advertiser and currency, the unpaid invoices (credit notes netted) by
 * ageing bucket (current, 1–30, 31–60, 60+ days overdue) and in all; the totals per currency below; then the
 * approved revenue not invoiced yet, per currency.
 */
export function AgeingTable() {
  const { t } = useTranslation();
  const owe = useAdvertisersOwe();
  const bucket = (key: string) => t(`staff.advertiserInvoices.ageing.buckets.${key}`);

  let body;
  if (owe.isPending)
    body = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  else if (!owe.data)
    body = (
      <Text c="red" data-testid="ageing-error">
        {t('staff.advertiserInvoices.ageing.loadError')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        {owe.data.rows.length === 0 ? (
          <Text c="dimmed" data-testid="ageing-empty">
            {t('staff.advertiserInvoices.ageing.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped data-testid="ageing-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff.advertiserInvoices.ageing.advertiser')}</Table.Th>
                  <Table.Th>{t('staff.advertiserInvoices.ageing.currency')}</Table.Th>
                  {AGEING_BUCKETS.map((key) => (
                    <Table.Th key={key} style={right}>
                      {bucket(key)}
                    </Table.Th>
                  ))}
                  <Table.Th style={right}>{t('staff.advertiserInvoices.ageing.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {owe.data.rows.map((row) => (
                  <Table.Tr key={`${row.advertiser.id}-${row.currency}`} data-testid="ageing-row">
                    <Table.Td>{row.advertiser.name}</Table.Td>
                    <Table.Td>{row.currency}</Table.Td>
                    {AGEING_BUCKETS.map((key) => (
                      <Table.Td key={key} style={right}>
                        {row.buckets[key] ? formatMoneyMinor(row.buckets[key], row.currency) : '—'}
                      </Table.Td>
                    ))}
                    <Table.Td style={right} fw={600}>
                      {formatMoneyMinor(row.total, row.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                {owe.data.totals.map((total) => (
                  <Table.Tr key={total.currency} data-testid="ageing-total">
                    <Table.Th scope="row">
                      {t('staff.advertiserInvoices.ageing.totalOf', { currency: total.currency })}
                    </Table.Th>
                    <Table.Td>{total.currency}</Table.Td>
                    {AGEING_BUCKETS.map((key) => (
                      <Table.Td key={key} style={right} fw={600}>
                        {formatMoneyMinor(total.buckets[key] ?? 0, total.currency)}
                      </Table.Td>
                    ))}
                    <Table.Td style={right} fw={700}>
                      {formatMoneyMinor(total.total, total.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="lg" data-testid="not-yet-invoiced">
          <Text size="sm" fw={600}>
            {t('staff.advertiserInvoices.ageing.notYetInvoiced')}
          </Text>
          {owe.data.notYetInvoiced.length === 0 ? (
            <Text size="sm">{t('staff.advertiserInvoices.ageing.nothingToInvoice')}</Text>
          ) : (
            owe.data.notYetInvoiced.map((line) => (
              <Text size="sm" key={line.currency} data-testid="not-yet-invoiced-amount">
                {formatMoneyMinor(line.amount, line.currency)}
              </Text>
            ))
          )}
        </Group>
      </Stack>
    );

  return (
    <Stack gap="sm" component="section" aria-labelledby="ageing-title">
      <Stack gap={2}>
        <Title order={3} size="h4" id="ageing-title">
          {t('staff.advertiserInvoices.ageing.title')}
        </Title>
        {owe.data ? (
          <Text size="sm" c="dimmed">
            {t('staff.advertiserInvoices.ageing.asOf', { date: formatLocalDate(owe.data.asOf) })}
          </Text>
        ) : null}
      </Stack>
      {body}
    </Stack>
  );
}
