import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MIN_SECONDS_TO_CONVERT, MIN_SECONDS_TO_CONVERT_MAX } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useSaveGoalFloor } from '../api/save-goal-floor';

/**
 * The chosen goal's floor (decision 101): the fewest seconds from click to conversion the `tooFast` rule lets through;
 * empty: the default (10 s), 0: never too fast. It is the network goal's, so it is saved at once with its own button,
 * apart from the offer, and holds on every offer paying on that goal (decision 108).
 */
export function GoalFloor({
  goal,
  index,
  canWrite,
}: {
  goal: { id: number; name: string; minSecondsToConvert: number | null };
  index: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveGoalFloor();
  const [value, setValue] = useState<number | ''>(goal.minSecondsToConvert ?? '');
  const saved = goal.minSecondsToConvert ?? '';
  const submit = async () => {
    try {
      await save.mutateAsync({ id: goal.id, minSecondsToConvert: value === '' ? null : value });
      showSnackbar({ kind: 'success', message: t('staff.offers.goal.floorSaved', { name: goal.name }) });
    } catch (error) {
      handleFormError(error, { t });
    }
  };
  return (
    <Group align="flex-end" gap="xs">
      {/* A whole number in a plain field: Mantine's NumberInput brought its popover code to the editor's first load. */}
      <TextInput
        type="number"
        inputMode="numeric"
        min={0}
        max={MIN_SECONDS_TO_CONVERT_MAX}
        step={1}
        label={t('staff.offers.goal.floor')}
        description={t('staff.offers.goal.floorHint', { seconds: DEFAULT_MIN_SECONDS_TO_CONVERT })}
        placeholder={t('staff.offers.goal.floorDefault', { seconds: DEFAULT_MIN_SECONDS_TO_CONVERT })}
        value={value}
        rightSection={
          <Text size="sm" c="dimmed" aria-hidden>
            s
          </Text>
        }
        disabled={!canWrite}
        onChange={(event) => {
          const text = event.currentTarget.value.trim();
          setValue(text === '' ? '' : Number(text));
        }}
        data-testid={`staff-offer-goal-${index}-floor`}
        w={320}
      />
      {canWrite ? (
        <Button
          variant="light"
          disabled={value === saved}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid={`staff-offer-goal-${index}-floor-save`}
        >
          {t('staff.offers.goal.floorSave')}
        </Button>
      ) : null}
    </Group>
  );
}
