import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The longest reason a cancellation keeps (the contract's limit). */
const REASON_MAX = 1000;

type BatchConfirmDialogProps = {
  title: string;
  /** What the step does, naming the count and the total. */
  explain: string;
  confirmLabel: string;
  confirmColor?: string;
  /** Ask an optional reason (a cancellation's, kept in the audit entry). */
  withReason?: boolean;
  busy: boolean;
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
  testId: string;
};

/** Confirms one step of a batch before it is made; errors come back through the api-client's one error path. */
export function BatchConfirmDialog({
  title,
  explain,
  confirmLabel,
  confirmColor = 'blue',
  withReason = false,
  busy,
  onConfirm,
  onClose,
  testId,
}: BatchConfirmDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const tooLong = reason.length > REASON_MAX;
  return (
    <Modal opened onClose={onClose} title={title} data-testid={testId}>
      <Stack>
        <Text size="sm" data-testid={`${testId}-explain`}>
          {explain}
        </Text>
        {withReason ? (
          <Textarea
            label={t('staff.paymentBatch.reason')}
            description={t('staff.paymentBatch.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={tooLong ? t('formError.maxLength', { n: REASON_MAX }) : null}
            rows={3}
            data-testid={`${testId}-reason`}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('staff.paymentBatch.back')}
          </Button>
          <Button
            color={confirmColor}
            loading={busy}
            disabled={tooLong}
            onClick={() => onConfirm(reason.trim() || null)}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
