import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DeferredSelect } from '@/components/deferred-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ScheduledChangeCreateSchema,
  formatDate,
  formatHour,
  formatPayout,
  parisDayOf,
  parisMidnightOf,
  parseBasisPoints,
  parseMinorUnits,
  type ScheduledChangeCreate,
} from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { isApiRequestError } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';
import {
  useCancelScheduledChange,
  useScheduleChange,
  useScheduledChanges,
  type ScheduledChangeRow,
} from '../api/scheduled-changes';
import { fromLocalInput, toLocalInput } from './offer-draft';
import { DateTimeInput } from '@/components/date-time-input';

/** The 1st of next month, 00:00 in Paris (the network's time): where most payout changes start. */
export function firstOfNextMonthInParis(now: Date): Date {
  const [year, month] = parisDayOf(now).split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return parisMidnightOf(next);
}

const when = (date: Date | null) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');

/** The side a form sends: absent when both fields are empty (that side stays as it is). */
function sideOf(amount: string, percent: string, currency: string) {
  if (amount.trim() === '' && percent.trim() === '') return undefined;
  return { amount: parseMinorUnits(amount, currency), percent: parseBasisPoints(percent) };
}

/**
 * A goal's new payout and/or revenue from a future moment (decision 098): the pending ones with when and by whom,
 * cancellable until they apply; the job applies them at their moment, and the editor then shows the new amounts.
 */
export function ScheduledChanges({
  offerId,
  currency,
  goals,
  canWrite,
}: {
  offerId: number;
  currency: string;
  goals: { identifier: string; name: string }[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const changes = useScheduledChanges(offerId);
  const schedule = useScheduleChange(offerId);
  const cancel = useCancelScheduledChange(offerId);
  const [goal, setGoal] = useState<string | null>(goals[0]?.identifier ?? null);
  const [fields, setFields] = useState({ payoutAmount: '', payoutPercent: '', revenueAmount: '', revenuePercent: '' });
  const [effectiveAt, setEffectiveAt] = useState(() => toLocalInput(firstOfNextMonthInParis(new Date())));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = (key: keyof typeof fields) => ({
    value: fields[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setFields((f) => ({ ...f, [key]: value }));
    },
    inputMode: 'decimal' as const,
    'data-testid': `staff-offer-schedule-${key}`,
  });

  const submit = async () => {
    const body: ScheduledChangeCreate = {
      goal: goal ?? '',
      effectiveAt: fromLocalInput(effectiveAt) ?? '',
      payout: sideOf(fields.payoutAmount, fields.payoutPercent, currency),
      revenue: sideOf(fields.revenueAmount, fields.revenuePercent, currency),
    };
    const parsed = ScheduledChangeCreateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), t(`formError.${i.message}`, { defaultValue: t('formError.type') })]))); // prettier-ignore
      return;
    }
    setErrors({});
    try {
      await schedule.mutateAsync(body);
      showSnackbar({ kind: 'success', message: t('staff.offers.schedule.saved') });
      setFields({ payoutAmount: '', payoutPercent: '', revenueAmount: '', revenuePercent: '' });
    } catch (error) {
      if (isApiRequestError(error) && error.errors) setErrors(error.errors);
      showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : t('errors.generic') });
    }
  };

  const side = (value: ScheduledChangeRow['payout']) =>
    value ? formatPayout({ ...value, currency }) : t('staff.offers.schedule.unchanged');
  const columns: StaffColumn<ScheduledChangeRow>[] = [
    { key: 'goal', label: t('staff.offers.goal.goal'), cell: (c) => c.goal.name },
    { key: 'payout', label: t('staff.offers.schedule.newPayout'), cell: (c) => side(c.payout) },
    { key: 'revenue', label: t('staff.offers.schedule.newRevenue'), cell: (c) => side(c.revenue) },
    { key: 'effectiveAt', label: t('staff.offers.schedule.effectiveAt'), cell: (c) => when(c.effectiveAt) },
    { key: 'by', label: t('staff.offers.schedule.by'), cell: (c) => c.createdBy?.name ?? '—' },
    {
      key: 'state',
      label: t('staff.offers.schedule.state'),
      cell: (c) =>
        t(`staff.offers.schedule.states.${c.status}`, {
          at: when(c.appliedAt ?? c.cancelledAt),
          name: c.cancelledBy?.name ?? '',
          failure: c.failure ?? '',
        }),
    },
  ];
  const errorOf = (prefix: string) => errors[`${prefix}.amount`] ?? errors[`${prefix}.percent`] ?? errors[prefix];

  return (
    <Paper withBorder p="md" id="scheduled-changes" data-testid="staff-offer-scheduled-changes">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.offers.schedule.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('staff.offers.schedule.hint')}
        </Text>
        <StaffTable
          columns={columns}
          rows={changes.data ?? []}
          rowKey={(c) => c.id}
          rowTestId="staff-offer-scheduled-change"
          rowAttributes={(c) => ({ 'data-status': c.status })}
          loading={changes.isPending}
          empty={<Text size="sm">{t('staff.offers.schedule.empty')}</Text>}
          testId="staff-offer-scheduled-changes-table"
          tableProps={{ withTableBorder: true }}
          actionsLabel={t('staff.offers.schedule.actions')}
          rowActions={
            canWrite
              ? (c) =>
                  c.status === 'pending' ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('staff.offers.schedule.cancelOf', { goal: c.goal.name, at: when(c.effectiveAt) })}
                      onClick={() =>
                        cancel.mutate(c.id, {
                          onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.offers.schedule.cancelled') }), // prettier-ignore
                        })
                      }
                    >
                      {t('staff.offers.schedule.cancel')}
                    </Button>
                  ) : null
              : undefined
          }
        />
        {canWrite ? (
          <>
            <Group align="flex-start" grow>
              <DeferredSelect label={t('staff.offers.goal.goal')} data={goals.map((g) => ({ value: g.identifier, label: g.name }))} value={goal} onChange={setGoal} allowDeselect={false} error={errors.goal} data-testid="staff-offer-schedule-goal" />
              <TextInput label={t('staff.offers.goal.payoutAmount', { currency })} {...field('payoutAmount')} error={errorOf('payout')} />
              <TextInput label={t('staff.offers.goal.payoutPercent')} {...field('payoutPercent')} />
              <TextInput label={t('staff.offers.goal.revenueAmount', { currency })} {...field('revenueAmount')} error={errorOf('revenue')} />
              <TextInput label={t('staff.offers.goal.revenuePercent')} {...field('revenuePercent')} />
            </Group>
            <Group align="flex-end">
              <DateTimeInput label={t('staff.offers.schedule.effectiveAt')} value={effectiveAt} onChange={setEffectiveAt} error={errors.effectiveAt} data-testid="staff-offer-schedule-at" />
              <Button variant="subtle" onClick={() => setEffectiveAt(toLocalInput(firstOfNextMonthInParis(new Date())))}>
                {t('staff.offers.schedule.firstOfNextMonth')}
              </Button>
              <Button ml="auto" onClick={() => void submit()} loading={schedule.isPending} data-testid="staff-offer-schedule-save">
                {t('staff.offers.schedule.save')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
} // prettier-ignore
