import { Center, Loader, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useSecuritySettings } from '../api/get-security-settings';
import { useUpdateSecuritySettings } from '../api/update-security-settings';

export function SecurityPanel() {
  const { t } = useTranslation();
  const settings = useSecuritySettings(true);
  const save = useUpdateSecuritySettings();
  if (settings.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (settings.isError || !settings.data) return <Text c="red">{t('staff.users.loadError')}</Text>;
  return (
    <Stack gap="xs" maw={640}>
      <Switch
        label={t('staff.security.requireTwoFactor')}
        description={t('staff.security.requireTwoFactorHint')}
        checked={settings.data.staffTwoFactorRequired}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { staffTwoFactorRequired: event.currentTarget.checked },
            {
              onSuccess: () => showSnackbar({ kind: 'success', message: t('staff.security.saved') }),
              onError: (error) => handleFormError(error, { t }),
            },
          )
        }
        data-testid="staff-require-two-factor"
      />
    </Stack>
  );
}
