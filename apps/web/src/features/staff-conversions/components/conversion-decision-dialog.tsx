import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONVERSION_DECISION_NOTE_MAX_LENGTH,
  CONVERSION_DECLINE_REASONS,
  formatMoneyMinor,
  type ConversionDeclineReason,
} from '@portal/contracts';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { showSnackbar } from '@/lib/snackbar';
import type { StaffConversionListRow as Row } from '../api/get-conversions';
import { useDecideConversions } from '../api/decide-conversions';
import { useReviewConversion } from '../api/review-conversion';

export type ConversionDecision = 'approved' | 'rejected';

/** Σ of one money column per currency, sorted by currency, in words: '12,50 € · 80,00 $US'. */
export function sumsInWords(rows: readonly Row[], amount: (row: Row) => number): string {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + amount(row));
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, sum]) => formatMoneyMinor(sum, currency))
    .join(' · ');
}

/**
 * Confirms a decision on pending conversions (decision 079), naming how many and their payout and revenue per
 * currency. A decline asks its reason code (required) and an optional note; both are what the partner reads in its
 * conversion report. One row's decision goes through its own route, several through the bulk one (all or none).
 */
export function ConversionDecisionDialog({
  conversions,
  status,
  bulk,
  onClose,
  onDone,
}: {
  conversions: readonly Row[];
  status: ConversionDecision;
  /** Several at once, all or none (POST /staff/conversions/decisions); otherwise the one row's PUT. */
  bulk: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const decideMany = useDecideConversions();
  const decideOne = useReviewConversion();
  const [reason, setReason] = useState<ConversionDeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const declining = status === 'rejected';
  const count = conversions.length;
  const first = conversions[0]!;
  const busy = decideMany.isPending || decideOne.isPending;
  const noteTooLong = note.trim().length > CONVERSION_DECISION_NOTE_MAX_LENGTH;
  const reasonMissing = declining && reason === null;

  const done = (decided: number) => {
    showSnackbar({
      kind: 'success',
      message: bulk
        ? t(declining ? 'staff.conversions.bulk.declined' : 'staff.conversions.bulk.approved', { count: decided })
        : t(declining ? 'staff.conversions.declinedMessage' : 'staff.conversions.approvedMessage', { id: first.id }),
    });
    onDone();
  };
  const confirm = () => {
    setTouched(true);
    if (reasonMissing || noteTooLong) return;
    const extra = declining ? { reason: reason!, ...(note.trim() ? { note: note.trim() } : {}) } : {};
    if (bulk) {
      decideMany.mutate(
        { ids: conversions.map((conversion) => conversion.id), status, ...extra },
        { onSuccess: (answer) => done(answer.data.decided) },
      );
    } else {
      decideOne.mutate({ id: first.id, body: { status, ...extra } }, { onSuccess: () => done(1) });
    }
  };

  const title = bulk
    ? t(declining ? 'staff.conversions.bulk.declineTitle' : 'staff.conversions.bulk.approveTitle', { count })
    : t(declining ? 'staff.conversions.declineTitle' : 'staff.conversions.approveTitle', { id: first.id });
  return (
    <Modal opened onClose={onClose} title={title} data-testid="staff-conversion-decision-dialog">
      <Stack>
        <Text size="sm" fw={500} data-testid="staff-conversion-decision-summary">
          {t(declining ? 'staff.conversions.bulk.declineSummary' : 'staff.conversions.bulk.approveSummary', {
            count,
            payout: sumsInWords(conversions, (row) => row.payout),
            revenue: sumsInWords(conversions, (row) => row.revenue),
          })}
        </Text>
        {declining ? (
          <>
            <Text size="sm">{t('staff.conversions.declineExplain')}</Text>
            <TypeAheadSelect
              label={t('staff.conversions.declineReason')}
              required
              data={CONVERSION_DECLINE_REASONS.map((value) => ({
                value,
                label: t(`staff.conversions.declineReasons.${value}`),
              }))}
              value={reason}
              onChange={(value) => setReason(value as ConversionDeclineReason | null)}
              error={touched && reasonMissing ? t('formError.required') : null}
              data-testid="staff-conversion-decline-reason"
            />
            <Textarea
              label={t('staff.conversions.declineNote')}
              description={t('staff.conversions.declineNoteHint')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={noteTooLong ? t('formError.maxLength', { n: CONVERSION_DECISION_NOTE_MAX_LENGTH }) : null}
              autosize
              minRows={2}
              data-testid="staff-conversion-decline-note"
            />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={declining ? 'red' : 'green'}
            loading={busy}
            onClick={confirm}
            data-testid="staff-conversion-decision-confirm"
          >
            {bulk
              ? t(declining ? 'staff.conversions.bulk.declineConfirm' : 'staff.conversions.bulk.approveConfirm', {
                  count,
                })
              : t(declining ? 'staff.conversions.decline' : 'staff.conversions.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
