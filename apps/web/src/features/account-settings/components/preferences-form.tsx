import { Button, Checkbox, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PREFERENCE_KEYS, type Preferences } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useSavePreferences } from '../api/save-preferences';

type PreferencesFormProps = { saved: Preferences };

export function PreferencesForm({ saved }: PreferencesFormProps) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Preferences>({ defaultValues: saved });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await save.mutateAsync(values);
      showSnackbar({ kind: 'success', message: message ?? t('accountSettings.preferences.success') });
    } catch (error) {
      handleFormError(error, { t, fields: PREFERENCE_KEYS, setError });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="preferences-form">
      <Stack gap="sm">
        {PREFERENCE_KEYS.map((key) => (
          <Checkbox
            key={key}
            label={t(`accountSettings.preferences.${key}`)}
            error={errors[key]?.message}
            {...register(key)}
          />
        ))}
        <Button type="submit" loading={isSubmitting} w="fit-content">
          {t('accountSettings.preferences.submit')}
        </Button>
      </Stack>
    </form>
  );
}
