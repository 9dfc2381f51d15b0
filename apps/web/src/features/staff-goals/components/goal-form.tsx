import { Button, Group, Modal, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GOAL_CODE_MAX, GOAL_NAME_MAX, GoalCreateSchema, type GoalCreate } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { type GoalRow } from '../api/get-goals';
import { useSaveGoal } from '../api/save-goal';

const FIELDS = ['name', 'code'] as const;

/** A new goal, or a goal renamed (and recoded while no offer has paid on it), in a dialog. */
export function GoalForm({ goal, onClose }: { goal: GoalRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveGoal();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GoalCreate>({
    resolver: zodResolver(GoalCreateSchema),
    mode: 'onTouched',
    defaultValues: { name: goal?.name ?? '', code: goal?.code ?? '' },
  });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.goals.fields', testIds: 'staff-goal', required: true }); // prettier-ignore
  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = goal?.codeLocked ? { name: values.name } : values;
      const { data } = await save.mutateAsync({ id: goal?.id ?? null, body });
      showSnackbar({ kind: 'success', message: t(goal ? 'staff.goals.saved' : 'staff.goals.created', { name: data.name }) }); // prettier-ignore
      onClose();
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={goal ? t('staff.goals.editTitle', { name: goal.name }) : t('staff.goals.new')}
    >
      <form onSubmit={onSubmit} noValidate data-testid="staff-goal-form">
        <Stack gap="sm">
          {text('name', GOAL_NAME_MAX)}
          {text('code', GOAL_CODE_MAX, {
            readOnly: goal?.codeLocked ?? false,
            description: goal?.codeLocked ? t('staff.goals.codeLocked') : t('staff.goals.codeHint'),
            autoComplete: 'off',
            spellCheck: false,
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="staff-goal-submit">
              {t(goal ? 'staff.goals.save' : 'staff.goals.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
