import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMEZONES, UTC_TIMEZONE, timezoneLabel, type TimezoneOffset } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useSaveTimezone } from '../api/save-timezone';

const OPTIONS = TIMEZONES.map((tz) => ({ value: tz.value, label: timezoneLabel(tz.value) }));

type TimezoneFormProps = {
  /** The saved offset; null only for an account from before zones were stored, which reads UTC (decision 092). */
  saved: string | null;
};

export function TimezoneForm({ saved }: TimezoneFormProps) {
  const { t } = useTranslation();
  const save = useSaveTimezone();
  const known = OPTIONS.some((o) => o.value === saved);
  // What is stored, never a guess (decision 092): a user without one reads UTC everywhere, so the form says UTC.
  const [value, setValue] = useState<string>(known && saved ? saved : UTC_TIMEZONE);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const { message } = await save.mutateAsync({ timezone: value as TimezoneOffset });
      showSnackbar({ kind: 'success', message: message ?? t('accountSettings.timezone.success') });
    } catch (failure) {
      handleFormError(failure, {
        t,
        fields: ['timezone'] as const,
        setError: (_field, { message }) => setError(message),
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="timezone-form">
      <Stack gap="sm" maw={420}>
        <Select
          label={t('accountSettings.timezone.label')}
          data={OPTIONS}
          value={value}
          onChange={(next) => next && setValue(next)}
          allowDeselect={false}
          searchable
          error={error}
          data-testid="timezone-select"
        />
        <Text size="sm" c="dimmed" data-testid="timezone-note">
          {t('accountSettings.timezone.note')}
        </Text>
        <Button type="submit" loading={save.isPending} w="fit-content">
          {t('accountSettings.timezone.submit')}
        </Button>
      </Stack>
    </form>
  );
}
