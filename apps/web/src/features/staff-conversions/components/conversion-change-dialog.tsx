import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONVERSION_NOTE_MAX_LENGTH,
  CONVERSION_REVERSAL_REASONS,
  ConversionAdjustSchema,
  ConversionApproveSchema,
  ConversionReverseSchema,
  decimalText,
  formatMoneyMinor,
  minorUnitDigits,
  parseMinorUnits,
  type ConversionReversalReason,
} from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import type { StaffConversionListRow as Row } from '../api/get-conversions';
import { useAdjustConversion } from '../api/adjust-conversion';
import { useApproveConversion } from '../api/approve-conversion';
import { useReverseConversion } from '../api/reverse-conversion';

export type ConversionChangeKind = 'reverse' | 'adjust' | 'approve';

type Fields = 'reason' | 'payoutAmount' | 'revenueAmount' | 'note';
type Errors = Partial<Record<Fields, string>>;

/** The first message of each field of a refused body, in the form's words. */
function issuesOf(issues: readonly { path: PropertyKey[]; message: string }[], t: TFunction) {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'note') as Fields;
    errors[field] ??= t(`formError.${issue.message}`, { n: CONVERSION_NOTE_MAX_LENGTH, defaultValue: issue.message });
  }
  return errors;
}

/**
 * One change after the fact of a conversion (decision 069), confirmed with what it does: a reversal with its code and
 * the note the partner reads, new amounts of an approved conversion, or an approval by hand of a rejected one.
 */
export function ConversionChangeDialog({
  conversion,
  kind,
  onClose,
}: {
  conversion: Row;
  kind: ConversionChangeKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reverse = useReverseConversion();
  const adjust = useAdjustConversion();
  const approve = useApproveConversion();
  const busy = reverse.isPending || adjust.isPending || approve.isPending;
  const digits = minorUnitDigits(conversion.currency);
  const [reason, setReason] = useState<ConversionReversalReason | null>(null);
  const [payout, setPayout] = useState(decimalText(conversion.payout, digits));
  const [revenue, setRevenue] = useState(decimalText(conversion.revenue, digits));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = conversion.id;

  const done = (key: string) => {
    showSnackbar({ kind: 'success', message: t(`staff.conversions.change.${key}`, { id }) });
    onClose();
  };
  const refused = (error: unknown) =>
    handleFormError(error, {
      t,
      fields: ['reason', 'payoutAmount', 'revenueAmount', 'note'] as const,
      setError: (field, { message }) => setErrors((current) => ({ ...current, [field]: message })),
    });

  const submit = async () => {
    setErrors({});
    try {
      if (kind === 'reverse') {
        const body = ConversionReverseSchema.safeParse({ reason: reason ?? undefined, note: note || undefined });
        if (!body.success) return setErrors(issuesOf(body.error.issues, t));
        await reverse.mutateAsync({ id, body: body.data });
        return done('reversed');
      }
      if (kind === 'adjust') {
        const payoutAmount = parseMinorUnits(payout, conversion.currency);
        const revenueAmount = parseMinorUnits(revenue, conversion.currency);
        const body = ConversionAdjustSchema.safeParse({
          payoutAmount: payoutAmount === conversion.payout ? undefined : (payoutAmount ?? undefined),
          revenueAmount: revenueAmount === conversion.revenue ? undefined : (revenueAmount ?? undefined),
          note,
        });
        if (!body.success) return setErrors(issuesOf(body.error.issues, t));
        await adjust.mutateAsync({ id, body: body.data });
        return done('adjusted');
      }
      const body = ConversionApproveSchema.safeParse({ note: note || undefined });
      if (!body.success) return setErrors(issuesOf(body.error.issues, t));
      await approve.mutateAsync({ id, body: body.data });
      return done('approved');
    } catch (error) {
      refused(error);
    }
  };

  const money = (amount: number) => formatMoneyMinor(amount, conversion.currency);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`staff.conversions.change.${kind}Title`, { id })}
      data-testid="staff-conversion-change-dialog"
    >
      <Stack>
        <Text size="sm">
          {t(`staff.conversions.change.${kind}Explain`, {
            payout: money(conversion.payout),
            revenue: money(conversion.revenue),
            partner: conversion.partnerDisplayName ?? '—',
          })}
        </Text>
        {kind === 'reverse' ? (
          <Select
            label={t('staff.conversions.change.reason')}
            labelProps={REQUIRED_LABEL}
            data={CONVERSION_REVERSAL_REASONS.map((code) => ({
              value: code,
              label: t(`staff.conversions.reversalReasons.${code}`),
            }))}
            value={reason}
            onChange={(value) => setReason(value as ConversionReversalReason | null)}
            error={errors.reason}
            allowDeselect={false}
            data-testid="staff-conversion-change-reason"
          />
        ) : null}
        {kind === 'adjust' ? (
          <Group grow align="flex-start">
            <TextInput
              label={t('staff.conversions.change.payout', { currency: conversion.currency })}
              inputMode="decimal"
              value={payout}
              onChange={(event) => setPayout(event.currentTarget.value)}
              error={errors.payoutAmount}
              data-testid="staff-conversion-change-payout"
            />
            <TextInput
              label={t('staff.conversions.change.revenue', { currency: conversion.currency })}
              inputMode="decimal"
              value={revenue}
              onChange={(event) => setRevenue(event.currentTarget.value)}
              error={errors.revenueAmount}
              data-testid="staff-conversion-change-revenue"
            />
          </Group>
        ) : null}
        <Textarea
          label={t('staff.conversions.change.note')}
          description={t('staff.conversions.change.noteHint')}
          labelProps={kind === 'adjust' ? REQUIRED_LABEL : undefined}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          maxLength={CONVERSION_NOTE_MAX_LENGTH}
          rows={3}
          data-testid="staff-conversion-change-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={kind === 'reverse' ? 'red' : undefined}
            loading={busy}
            onClick={() => void submit()}
            data-testid="staff-conversion-change-confirm"
          >
            {t(`staff.conversions.change.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
