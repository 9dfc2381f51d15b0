import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_REASON_MAX } from '@portal/contracts';
import { DayInput } from './day-input';

// Imported by decision-dialog.tsx only, when a decision is first asked for (decision 119).

export type Decision = { reason: string | null; expireAt?: string | null };

export type DecisionDialogProps = {
  title: string;
  /** What the decision does, in a sentence. */
  explain?: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** Offer an expiry date (a compliance document's), starting from this yyyy-MM-dd or ''. */
  expiry?: string;
  /** A refusal the reader must explain (a payout override request's): confirm waits for a reason. */
  reasonRequired?: boolean;
  onConfirm: (decision: Decision) => Promise<unknown>;
  onClose: () => void;
  testId: string;
};

/**
 * Confirms a staff decision (an application, a document, one or many) with an optional reason that the partner
 * reads in its notification, and for documents an expiry date. Errors go through the api-client's one error path.
 */
export function DecisionDialog({
  title,
  explain,
  confirmLabel,
  confirmColor = 'blue',
  expiry,
  reasonRequired = false,
  onConfirm,
  onClose,
  testId,
}: DecisionDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [expireAt, setExpireAt] = useState(expiry ?? '');
  const [busy, setBusy] = useState(false);
  const tooLong = reason.length > DECISION_REASON_MAX;
  const missing = reasonRequired && reason.trim() === '';
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm({
        reason: reason.trim() || null,
        ...(expiry !== undefined ? { expireAt: expireAt || null } : {}),
      });
      onClose();
    } catch {
      // Shown by the api-client; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} data-testid={testId}>
      <Stack>
        {explain ? <Text size="sm">{explain}</Text> : null}
        {expiry !== undefined ? (
          <DayInput
            label={t('decision.expireAt')}
            description={t('decision.expireAtHint')}
            value={expireAt}
            onChange={setExpireAt}
            clearable
            data-testid={`${testId}-expiry`}
          />
        ) : null}
        <Textarea
          label={t(reasonRequired ? 'decision.reasonRequired' : 'decision.reason')}
          description={t(reasonRequired ? 'decision.reasonRequiredHint' : 'decision.reasonHint')}
          required={reasonRequired}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tooLong ? t('formError.maxLength', { n: DECISION_REASON_MAX }) : null}
          rows={3}
          data-testid={`${testId}-reason`}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color={confirmColor}
            onClick={() => void confirm()}
            loading={busy}
            disabled={tooLong || missing}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
