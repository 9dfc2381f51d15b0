import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatMoneyMinor } from '@portal/contracts';
import { TableHead } from '@/components/table-head';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { useRunBilling } from '../api/billing-run';
import { finishedBillingMonths } from '../billing-months';

/**
 * The monthly billing run, for admins (decision 027): pick a finished Paris month, run it, read what it created:
 * a request per partner and currency, invoiced or deferred under the payment threshold. Running a month again
 * bills nothing twice; the pairs already billed are counted.
 */
export function StaffBilling() {
  const { t } = useTranslation();
  const [months] = useState(() => finishedBillingMonths(new Date()));
  const [month, setMonth] = useState(months[0]!.value);
  const run = useRunBilling();
  const result = run.data;
  const label = (value: string) => months.find((m) => m.value === value)?.label ?? value;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('staff.billing.intro')}
      </Text>
      <Group align="flex-end">
        <TypeAheadSelect
          label={t('staff.billing.month')}
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={220}
          data-testid="staff-billing-month"
        />
        <Button onClick={() => run.mutate(month)} loading={run.isPending} data-testid="staff-billing-run">
          {t('staff.billing.run')}
        </Button>
      </Group>
      {result && (
        <Stack gap="sm" data-testid="staff-billing-result">
          <Alert color={result.created.length > 0 ? 'green' : 'gray'} data-testid="staff-billing-summary">
            {result.created.length > 0
              ? t('staff.billing.created', { count: result.created.length, month: label(result.month) })
              : t('staff.billing.nothing', { month: label(result.month) })}
            {result.alreadyBilled.length > 0 &&
              ` ${t('staff.billing.already', { count: result.alreadyBilled.length })}`}
          </Alert>
          {result.created.length > 0 && (
            <Table.ScrollContainer minWidth={720}>
              <Table striped data-testid="staff-billing-table">
                <TableHead
                  labels={['partner', 'conversions', 'amount', 'vat', 'outcome'].map((column) =>
                    t(`staff.billing.columns.${column}`),
                  )}
                />
                <Table.Tbody>
                  {result.created.map((row) => (
                    <Table.Tr key={row.billingRequestId} data-testid="staff-billing-row">
                      <Table.Td>{row.partnerName}</Table.Td>
                      <Table.Td>{formatCount(row.conversions)}</Table.Td>
                      <Table.Td>{formatMoneyMinor(row.totalAmount, row.currency)}</Table.Td>
                      <Table.Td>{formatMoneyMinor(row.totalVatAmount, row.currency)}</Table.Td>
                      <Table.Td>
                        {row.invoice ? (
                          <Badge color="green" variant="light">
                            {row.invoice}
                          </Badge>
                        ) : (
                          <Badge color="blue" variant="light">
                            {t('staff.billing.deferred')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Stack>
  );
}
