import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MIN_SECONDS_TO_CONVERT,
  GOAL_CODE_MAX,
  GOAL_NAME_MAX,
  GoalCreateSchema,
  MIN_SECONDS_TO_CONVERT_MAX,
  type GoalCreate,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { type GoalRow } from '../api/get-goals';
import { useSaveGoal } from '../api/save-goal';

const FIELDS = ['name', 'code', 'minSecondsToConvert'] as const;

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
    defaultValues: {
      name: goal?.name ?? '',
      code: goal?.code ?? '',
      minSecondsToConvert: goal?.minSecondsToConvert ?? null,
    },
  });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.goals.fields', testIds: 'staff-goal', required: true }); // prettier-ignore
  const onSubmit = handleSubmit(async (values) => {
    try {
      // The floor is sent when set on a new goal, or changed on an existing one (null: back to the default).
      const floor = values.minSecondsToConvert ?? null;
      const floorChanged = goal ? floor !== (goal.minSecondsToConvert ?? null) : floor !== null;
      const fields = goal?.codeLocked ? { name: values.name } : { name: values.name, code: values.code };
      const body = floorChanged ? { ...fields, minSecondsToConvert: floor } : fields;
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
          <Controller
            control={control}
            name="minSecondsToConvert"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('staff.goals.fields.minSecondsToConvert')}
                description={t('staff.goals.floorHint', { seconds: DEFAULT_MIN_SECONDS_TO_CONVERT })}
                placeholder={t('staff.goals.floorDefault', { seconds: DEFAULT_MIN_SECONDS_TO_CONVERT })}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                onBlur={field.onBlur}
                min={0}
                max={MIN_SECONDS_TO_CONVERT_MAX}
                allowDecimal={false}
                allowNegative={false}
                error={fieldState.error?.message ? t(`formError.${fieldState.error.message}`, { n: fieldState.error.message === 'min' ? 0 : MIN_SECONDS_TO_CONVERT_MAX }) : undefined} // prettier-ignore
                data-testid="staff-goal-minSecondsToConvert"
              />
            )}
          />
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
