import { Alert, Button, Collapse, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatLocalDate, formatMoneyMinor, type NextPayment as NextPaymentAnswer } from '@portal/contracts';
import { useNextPayment } from '../api/get-next-payment';
import { formatHoldMoment, holdTimeZone } from '../payout-hold';
import { usePhoneLayout } from '@/components/row-cards';

const amountsText = (amounts: { currency: string; amount: number }[]) =>
  amounts.map((money) => formatMoneyMinor(money.amount, money.currency)).join(' + ');

/**
 * Above the Payments table (decision 052): when the next payment is expected and roughly how much, and what this
 * month has earned so far against the payment threshold. Its days are on the partner's time zone. Payments held after
 * a change of the bank details say until when, and why (decision 072).
 */
/**
 * The headline, from where the invoices stand and their due day (decision 092): an expected day while one can be
 * given; past the due day, overdue said plainly, with what it waits for.
 */
function headline(t: TFunction, next: NonNullable<NextPaymentAnswer['next']>): string {
  const values = {
    amount: amountsText(next.amounts),
    date: next.date === null ? '' : formatLocalDate(next.date),
    dueDate: formatLocalDate(next.dueDate),
  };
  if (next.invoiceStatus === 'payment_in_progress') return t('payments.next.inPayment', values);
  if (!next.overdue) return t('payments.next.expected', values);
  return next.invoiceStatus === 'waiting_for_approval'
    ? t('payments.next.overdueWaiting', values)
    : t('payments.next.overdueValidated', values);
}

export function NextPayment() {
  const answer = useNextPayment();
  if (answer.isPending)
    return (
      <Paper withBorder p="md" radius="md" data-testid="payments-next-loading" aria-busy="true">
        {/* The card's usual shape (a headline of up to two lines, then a line), so that what follows does not move when
            it comes (decision 133). */}
        <Skeleton height={18} width="90%" my={4} />
        <Skeleton height={18} width="60%" my={4} />
        <Skeleton height={14} width="40%" mt={10} mb={6} />
      </Paper>
    );
  // The table still says everything the partner needs; an error here only hides the summary.
  if (answer.isError || !answer.data) return null;
  return <NextPaymentCard data={answer.data} />;
}

export function NextPaymentCard({ data }: { data: NextPaymentAnswer }) {
  const { t } = useTranslation();
  const terms = t(`myAccount.payment.terms.${data.paymentTerms}`, { defaultValue: data.paymentTerms });
  // A currency is billed against the threshold's amount in its own money (decision 092): say it in that currency.
  const thresholdIn = (currency: string) =>
    data.paymentThreshold === null ? null : formatMoneyMinor(data.paymentThreshold, currency);
  const next = data.next;

  let detail: string | null = null;
  if (next?.source === 'invoices')
    detail = t(next.overdue ? 'payments.next.overdue' : 'payments.next.invoices', {
      count: next.references.length,
      references: next.references.join(', '),
      dueDate: formatLocalDate(next.dueDate),
      terms,
      status: t(`payments.legend.${next.invoiceStatus ?? 'waiting_for_approval'}`),
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
          {next ? headline(t, next) : t('payments.next.none')}
        </Text>
        <PhoneFold>
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
              const threshold = thresholdIn(month.currency);
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
        </PhoneFold>
      </Stack>
    </Paper>
  );
}

/**
 * On a phone the detail and this month's lines fold behind a button, so the payments themselves start on the first
 * screen (decision 095); on a wider window they are shown as they are.
 */
function PhoneFold({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const id = useId();
  const [opened, setOpened] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        justify="flex-start"
        rightSection={
          <IconChevronDown
            size={14}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((value) => !value)}
        data-testid="payments-next-more"
      >
        {t('payments.next.more')}
      </Button>
      <Collapse expanded={opened} id={id}>
        <Stack gap={4}>{children}</Stack>
      </Collapse>
    </>
  );
}
