import { Button, Checkbox, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordFormSchema, PASSWORD_MISMATCH_MS } from '@portal/contracts';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PasswordField } from '@/components/password-field';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { useTimedFlag } from '@/lib/password-form';
import { showSnackbar } from '@/lib/snackbar';
import { useChangePassword } from '../api/change-password';

/**
 * The reset form's fields plus the current password, which the server requires (decision 004),
 * and whether the user's reporting API keys go with the old password (on by default, decision 030).
 */
const ChangePasswordFormSchema = NewPasswordFormSchema.extend({
  currentPassword: z.string().min(1, { error: 'required' }),
  revokeApiKeys: z.boolean(),
});
type ChangePasswordFormValues = z.infer<typeof ChangePasswordFormSchema>;

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const [mismatch, showMismatch] = useTimedFlag(PASSWORD_MISMATCH_MS);
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(ChangePasswordFormSchema),
    mode: 'onChange',
    criteriaMode: 'all',
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '', revokeApiKeys: true },
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ currentPassword, password, passwordConfirm, revokeApiKeys }) => {
    if (password !== passwordConfirm) {
      showMismatch();
      return;
    }
    try {
      const { message } = await changePassword.mutateAsync({ currentPassword, password, revokeApiKeys });
      showSnackbar({ kind: 'success', message: message ?? t('accountSettings.password.success') });
      reset();
    } catch (error) {
      handleFormError(error, { t, fields: ['currentPassword', 'password', 'passwordConfirm'] as const, setError });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <Stack gap="sm" maw={420}>
        <PasswordField
          label={t('accountSettings.password.current')}
          autoComplete="current-password"
          labelProps={REQUIRED_LABEL}
          maxLength={256}
          error={fieldErrorText(t, errors.currentPassword)}
          {...register('currentPassword')}
        />
        <NewPasswordFields
          form={form}
          mismatch={mismatch}
          labels={{
            password: t('accountSettings.password.new'),
            confirm: t('accountSettings.password.confirm'),
            placeholder: t('accountSettings.password.placeholder'),
          }}
        />
        <Checkbox
          label={t('accountSettings.password.revokeApiKeys')}
          data-testid="change-password-revoke-api-keys"
          {...register('revokeApiKeys')}
        />
        <Button type="submit" loading={isSubmitting} disabled={mismatch || isSubmitting} w="fit-content">
          {t('accountSettings.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
