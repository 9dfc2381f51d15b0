import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingPeriodLabel, formatCount, formatMoneyMinor } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { useRunBilling } from '../api/billing-run';
import { finishedBillingMonths } from '@/lib/billing-months';

/** One request the run created. */
type BillingRunCreated = NonNullable<ReturnType<typeof useRunBilling>['data']>['created'][number];

/**
 * The billing run, for admins (decisions 027, 070): pick a finished Paris month, run it, read what it created: a
 * request per partner, period of its payment terms and currency, invoiced or deferred under the payment threshold (or
 * at zero or less after corrections of earlier invoices). Running a month again bills nothing twice; the pairs already
 * billed are counted. The daily job bills the same way every night.
 */
export function StaffBilling() {
  const { t } = useTranslation();
  const [months] = useState(() => finishedBillingMonths(new Date()));
  const [month, setMonth] = useState(months[0]!.value);
  const run = useRunBilling();
  const result = run.data;
  const label = (value: string) => months.find((m) => m.value === value)?.label ?? value;
  const columns: StaffColumn<BillingRunCreated>[] = [
    { key: 'partner', label: t('staff.billing.columns.partner'), cell: (row) => row.partnerName },
    { key: 'period', label: t('staff.billing.columns.period'), cell: (row) => billingPeriodLabel(row.period) },
    { key: 'conversions', label: t('staff.billing.columns.conversions'), cell: (row) => formatCount(row.conversions) },
    {
      key: 'corrections',
      label: t('staff.billing.columns.corrections'),
      cell: (row) => (row.adjustments > 0 ? formatMoneyMinor(row.adjustmentsAmount, row.currency) : '—'),
    },
    {
      key: 'amount',
      label: t('staff.billing.columns.amount'),
      cell: (row) => formatMoneyMinor(row.totalAmount, row.currency),
    },
    {
      key: 'vat',
      label: t('staff.billing.columns.vat'),
      cell: (row) => formatMoneyMinor(row.totalVatAmount, row.currency),
    },
    {
      key: 'outcome',
      label: t('staff.billing.columns.outcome'),
      cell: (row) =>
        row.invoice ? (
          <Badge color="green" variant="light">
            {row.invoice}
          </Badge>
        ) : (
          <Badge color="blue" variant="light">
            {t('staff.billing.deferred')}
          </Badge>
        ),
    },
  ];

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
              ? t('staff.billing.created', { count: result.created.length, month: label(result.month ?? month) })
              : t('staff.billing.nothing', { month: label(result.month ?? month) })}
            {result.alreadyBilled.length > 0 &&
              ` ${t('staff.billing.already', { count: result.alreadyBilled.length })}`}
          </Alert>
          {result.created.length > 0 && (
            <StaffTable
              columns={columns}
              rows={result.created}
              rowKey={(row) => row.billingRequestId}
              rowTestId="staff-billing-row"
              loading={false}
              empty={null}
              minWidth={720}
              testId="staff-billing-table"
              tableProps={{ striped: true }}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
