import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One bulk action: its button, and the confirmation that names how many records it changes. */
export type BulkAction = {
  key: string;
  label: string;
  /** The confirmation's question ('Disable 3 offers?'). */
  confirm: string;
  color?: string;
  /** More to fill in before confirming (a reason, a manager); `ready` false keeps Confirm disabled. */
  fields?: ReactNode;
  ready?: boolean;
  run: () => Promise<unknown>;
};

/**
 * The bar above a staff list once rows are selected (decision 080): how many, the actions, and a confirmation naming
 * the count before anything is written. The selection is cleared once an action succeeds.
 */
export function BulkBar({
  count,
  actions,
  onDone,
  testId,
}: {
  count: number;
  actions: BulkAction[];
  onDone: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;
  const current = open ? (actions.find((action) => action.key === open.key) ?? null) : null;
  const confirm = async () => {
    if (!current) return;
    setBusy(true);
    try {
      await current.run();
      setOpen(null);
      onDone();
    } catch {
      // The api client shows the error; the dialog stays open to try again or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" data-testid={testId}>
      <Text size="sm" fw={600}>
        {t('common.selected', { count })}
      </Text>
      {actions.map((action) => (
        <Button
          key={action.key}
          size="compact-sm"
          variant="light"
          color={action.color}
          onClick={() => setOpen(action)}
          data-testid={`${testId}-${action.key}`}
        >
          {action.label}
        </Button>
      ))}
      <Button size="compact-sm" variant="subtle" onClick={onDone}>
        {t('common.clearSelection')}
      </Button>
      <Modal opened={current !== null} onClose={() => setOpen(null)} title={current?.confirm} centered>
        <Stack>
          {current?.fields}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={current?.color}
              loading={busy}
              disabled={current?.ready === false}
              onClick={() => void confirm()}
              data-testid={`${testId}-confirm`}
            >
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
