import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLocalDate, formatMoneyMinor, type NextPayment as NextPaymentAnswer } from '@portal/contracts';
import { useNextPayment } from '../api/get-next-payment';
import { formatHoldMoment, holdTimeZone } from '../payout-hold';

const amountsText = (amounts: { currency: string; amount: number }[]) =>
  amounts.map((money) => formatMoneyMinor(money.amount, money.currency)).join(' + ');

/**
 * Above the Payments table (decision 052): when the next payment is expected and roughly how much, and what this
 * month has earned so far against the payment threshold. Its days are on the partner's time zone. Payments held after
 * a change of the bank details say until when, and why (decision 072).
 */
export function NextPayment() {
  const answer = useNextPayment();
  if (answer.isPending)
    return (
      <Paper withBorder p="md" radius="md" data-testid="payments-next-loading" aria-busy="true">
        <Skeleton height={16} width="60%" mb="xs" />
        <Skeleton height={12} width="40%" />
      </Paper>
    );
  // The table still says everything the partner needs; an error here only hides the summary.
  if (answer.isError || !answer.data) return null;
  return <NextPaymentCard data={answer.data} />;
}

export function NextPaymentCard({ data }: { data: NextPaymentAnswer }) {
  const { t } = useTranslation();
  const terms = t(`myAccount.payment.terms.${data.paymentTerms}`, { defaultValue: data.paymentTerms });
  const threshold =
    data.paymentThreshold === null ? null : formatMoneyMinor(data.paymentThreshold, data.paymentCurrency);
  const next = data.next;

  let detail: string | null = null;
  if (next?.source === 'invoices')
    detail = t(next.overdue ? 'payments.next.overdue' : 'payments.next.invoices', {
      count: next.references.length,
      references: next.references.join(', '),
      dueDate: formatLocalDate(next.dueDate),
      terms,
    });
  else if (next?.source === 'this_month') detail = t('payments.next.thisMonthBilled', { terms });

  return (
    <Paper withBorder p="md" radius="md" data-testid="payments-next">
      <Stack gap={4}>
        {data.payoutHold ? (
          <Alert color="orange" mb="xs" data-testid="payments-hold">
            {t('payments.hold', {
              until: formatHoldMoment(data.payoutHold.heldUntil),
              changed: formatHoldMoment(data.payoutHold.heldFrom),
              zone: holdTimeZone(data.payoutHold.heldUntil),
            })}
          </Alert>
        ) : null}
        <Text fw={600} data-testid="payments-next-headline" data-source={next?.source ?? 'none'}>
          {next
            ? t('payments.next.expected', { date: formatLocalDate(next.date), amount: amountsText(next.amounts) })
            : t('payments.next.none')}
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed" data-testid="payments-next-detail">
            {detail}
          </Text>
        ) : null}
        {data.thisMonth.length === 0 ? (
          <Text size="sm" data-testid="payments-next-month">
            {t('payments.next.nothingThisMonth')}
          </Text>
        ) : (
          data.thisMonth.map((month) => {
            const values = {
              amount: formatMoneyMinor(month.amount, month.currency),
              carried: formatMoneyMinor(month.carriedOver, month.currency),
              threshold: threshold ?? '',
              billingDate: formatLocalDate(month.billingDate),
              expectedDate: formatLocalDate(month.expectedDate),
            };
            const sofar = t(month.carriedOver > 0 ? 'payments.next.soFarCarried' : 'payments.next.soFar', values);
            const outlook =
              threshold === null
                ? t('payments.next.noThreshold', values)
                : t(month.overThreshold ? 'payments.next.overThreshold' : 'payments.next.underThreshold', values);
            return (
              <Text size="sm" key={month.currency} data-testid="payments-next-month" data-currency={month.currency}>
                {sofar} {outlook}
              </Text>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
