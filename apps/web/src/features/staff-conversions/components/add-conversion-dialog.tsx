import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONVERSION_NOTE_MAX_LENGTH, ConversionAddSchema, type ConversionAdd } from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useAddConversion } from '../api/add-conversion';

const FIELDS = ['clickId', 'goal', 'amount', 'transactionId', 'note'] as const;

/**
 * A conversion added by hand on a known click (decision 069): approved with the goal's payout, deduplicated like a
 * postback, so the same transaction id again is refused naming the conversion already recorded.
 */
export function AddConversionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddConversion();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConversionAdd>({
    resolver: zodResolver(ConversionAddSchema),
    defaultValues: { clickId: '', goal: '' },
  });
  // An empty optional field is absent, not an empty string the schema would refuse.
  const optional = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value) };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await add.mutateAsync(body);
      showSnackbar({ kind: 'success', message: t('staff.conversions.change.added', { id: data.conversion.id }) });
      onClose();
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff.conversions.change.addTitle')}
      data-testid="staff-conversion-add-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">{t('staff.conversions.change.addExplain')}</Text>
          <TextInput
            label={t('staff.conversions.change.clickId')}
            labelProps={REQUIRED_LABEL}
            error={fieldErrorText(t, errors.clickId)}
            data-testid="staff-conversion-add-click"
            {...register('clickId')}
          />
          <TextInput
            label={t('staff.conversions.change.goal')}
            description={t('staff.conversions.change.goalHint')}
            labelProps={REQUIRED_LABEL}
            error={fieldErrorText(t, errors.goal)}
            data-testid="staff-conversion-add-goal"
            {...register('goal')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('staff.conversions.change.amount')}
              description={t('staff.conversions.change.amountHint')}
              inputMode="decimal"
              error={fieldErrorText(t, errors.amount)}
              data-testid="staff-conversion-add-amount"
              {...register('amount', optional)}
            />
            <TextInput
              label={t('staff.conversions.change.transactionId')}
              error={fieldErrorText(t, errors.transactionId)}
              data-testid="staff-conversion-add-transaction"
              {...register('transactionId', optional)}
            />
          </Group>
          <Textarea
            label={t('staff.conversions.change.note')}
            description={t('staff.conversions.change.noteHint')}
            maxLength={CONVERSION_NOTE_MAX_LENGTH}
            rows={3}
            error={fieldErrorText(t, errors.note, { n: CONVERSION_NOTE_MAX_LENGTH })}
            {...register('note', optional)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="staff-conversion-add-confirm">
              {t('staff.conversions.change.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
