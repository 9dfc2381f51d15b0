import { Badge, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MIN_SECONDS_TO_CONVERT } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useGoals, type GoalRow } from '../api/get-goals';
import { useSaveGoal } from '../api/save-goal';
import { GoalForm } from './goal-form';

/** Asks before a goal is retired, saying what becomes of the offers paying on it. */
function RetireDialog({ goal, onClose }: { goal: GoalRow; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveGoal();
  const retire = async () => {
    try {
      await save.mutateAsync({ id: goal.id, body: { retired: true } });
      showSnackbar({ kind: 'success', message: t('staff.goals.retiredDone', { name: goal.name }) });
      onClose();
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('staff.goals.retireTitle', { name: goal.name })}>
      <Stack>
        <Text size="sm">{t('staff.goals.retireText', { count: goal.offerCount })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            color="orange"
            loading={save.isPending}
            onClick={() => void retire()}
            data-testid="staff-goal-retire-confirm"
          >
            {t('staff.goals.retire')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The network's goals (decision 078): code and name, the offers paying on each; create, rename, retire. */
export function StaffGoals() {
  const { t } = useTranslation();
  const goals = useGoals();
  const save = useSaveGoal();
  const [editing, setEditing] = useState<GoalRow | 'new' | null>(null);
  const [retiring, setRetiring] = useState<GoalRow | null>(null);
  const restore = async (goal: GoalRow) => {
    try {
      await save.mutateAsync({ id: goal.id, body: { retired: false } });
      showSnackbar({ kind: 'success', message: t('staff.goals.restored', { name: goal.name }) });
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  const label = (column: string) => t(`staff.goals.columns.${column}`);
  const columns: StaffColumn<GoalRow>[] = [
    { key: 'name', label: label('name'), cell: (g) => g.name },
    { key: 'code', label: label('code'), cell: (g) => <Code>{g.code}</Code> },
    { key: 'offers', label: label('offers'), cell: (g) => g.offerCount },
    {
      key: 'floor',
      label: label('floor'),
      cellTestId: 'staff-goal-floor',
      cell: (g) =>
        g.minSecondsToConvert === null
          ? t('staff.goals.floorDefault', { seconds: DEFAULT_MIN_SECONDS_TO_CONVERT })
          : t('staff.goals.floorValue', { seconds: g.minSecondsToConvert }),
    },
    {
      key: 'status',
      label: label('status'),
      cell: (g) => (
        <Badge color={g.retired ? 'gray' : 'green'} variant="light">
          {t(g.retired ? 'staff.goals.retired' : 'staff.goals.active')}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">{t('staff.goals.hint')}</Text>
      <Group>
        <Button onClick={() => setEditing('new')} data-testid="staff-goal-new">
          {t('staff.goals.new')}
        </Button>
      </Group>
      <StaffTable
        columns={columns}
        rows={goals.data}
        rowKey={(g) => g.id}
        rowTestId="staff-goal-row"
        loading={goals.isPending}
        error={goals.isError ? t('errors.generic') : null}
        empty={t('staff.goals.empty')}
        minWidth={640}
        testId="staff-goals-table"
        actionsLabel={t('staff.goals.columns.actions')}
        rowActions={(g) => (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setEditing(g)} aria-label={`${t('staff.goals.edit')} ${g.name}`}>
              {t('staff.goals.edit')}
            </Button>
            {g.retired ? (
              <Button size="xs" variant="subtle" onClick={() => void restore(g)} aria-label={`${t('staff.goals.restore')} ${g.name}`}>
                {t('staff.goals.restore')}
              </Button>
            ) : (
              <Button size="xs" variant="subtle" color="orange" onClick={() => setRetiring(g)} aria-label={`${t('staff.goals.retire')} ${g.name}`}>
                {t('staff.goals.retire')}
              </Button>
            )}
          </Group>
        )}
      />
      {editing ? <GoalForm goal={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {retiring ? <RetireDialog goal={retiring} onClose={() => setRetiring(null)} /> : null}
    </Stack>
  );
} // prettier-ignore
