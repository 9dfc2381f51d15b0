import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor } from '@portal/contracts';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { finishedBillingMonths } from '@/lib/billing-months';
import { showSnackbar } from '@/lib/snackbar';
import { useRunAdvertiserInvoices } from '../api/change-advertiser-invoice';

/**
 * Issues the advertiser invoices of a finished Paris month (decision 073), once confirmed: every advertiser period
 * ending in it that is not invoiced yet. A second run of the same month issues none, and says so.
 */
export function IssueInvoices() {
  const { t } = useTranslation();
  const [months] = useState(() => finishedBillingMonths(new Date()));
  const [month, setMonth] = useState(months[0]!.value);
  const [confirming, setConfirming] = useState(false);
  const run = useRunAdvertiserInvoices();
  const label = (value: string) => months.find((m) => m.value === value)?.label ?? value;
  const result = run.data;

  const confirm = () =>
    run.mutate(month, {
      onSuccess: (done) => {
        setConfirming(false);
        showSnackbar({
          kind: 'success',
          message: t('staff.advertiserInvoices.run.issued', { count: done.issued.length, month: label(done.month) }),
        });
      },
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="issue-invoices-title">
      <Title order={3} size="h4" id="issue-invoices-title">
        {t('staff.advertiserInvoices.run.title')}
      </Title>
      <Group align="flex-end">
        <TypeAheadSelect
          label={t('staff.advertiserInvoices.run.month')}
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={220}
          data-testid="advertiser-run-month"
        />
        <Button onClick={() => setConfirming(true)} data-testid="advertiser-run">
          {t('staff.advertiserInvoices.run.button')}
        </Button>
      </Group>
      {result ? (
        <Alert color={result.issued.length > 0 ? 'green' : 'gray'} data-testid="advertiser-run-result">
          {t('staff.advertiserInvoices.run.issued', { count: result.issued.length, month: label(result.month) })}{' '}
          {result.issued.length > 0
            ? t('staff.advertiserInvoices.run.references', {
                references: result.issued
                  .map((invoice) => `${invoice.reference} (${formatMoneyMinor(invoice.totalAmount, invoice.currency)})`)
                  .join(', '),
              })
            : t('staff.advertiserInvoices.run.nothing')}
        </Alert>
      ) : null}
      {confirming ? (
        <Modal
          opened
          onClose={() => setConfirming(false)}
          title={t('staff.advertiserInvoices.run.confirmTitle', { month: label(month) })}
          data-testid="advertiser-run-dialog"
        >
          <Stack>
            <Text size="sm">{t('staff.advertiserInvoices.run.explain', { month: label(month) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('staff.advertiserInvoices.back')}
              </Button>
              <Button loading={run.isPending} onClick={confirm} data-testid="advertiser-run-confirm">
                {t('staff.advertiserInvoices.run.button')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
