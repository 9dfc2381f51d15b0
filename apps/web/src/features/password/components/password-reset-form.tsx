import { Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFormSchema, PASSWORD_MISMATCH_MS, type NewPasswordForm } from '@portal/contracts';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useTimedFlag } from '@/lib/password-form';
import { handleFormError } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';

type PasswordResetFormProps = {
  resetKey: string;
  onSuccess: () => void;
  /** The key stopped being valid between the check and the submit (expired, or used elsewhere). */
  onInvalidKey: () => void;
};

export function PasswordResetForm({ resetKey, onSuccess, onInvalidKey }: PasswordResetFormProps) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const [mismatch, showMismatch] = useTimedFlag(PASSWORD_MISMATCH_MS);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    mode: 'onChange',
    criteriaMode: 'all',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ password, passwordConfirm }) => {
    if (password !== passwordConfirm) {
      showMismatch();
      return;
    }
    try {
      await resetPassword.mutateAsync({ key: resetKey, password });
      onSuccess();
    } catch (error) {
      handleFormError(error, {
        t,
        fields: ['password', 'passwordConfirm'] as const,
        setError,
        // Spec section 8: an invalid reset key has its dedicated view, whenever the server finds it so.
        onField: { key: onInvalidKey },
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields
          form={form}
          mismatch={mismatch}
          labels={{
            password: t('passwordReset.password'),
            confirm: t('passwordReset.passwordConfirm'),
            placeholder: t('passwordReset.placeholder'),
          }}
        />
        <Button type="submit" fullWidth loading={isSubmitting} disabled={mismatch || isSubmitting}>
          {t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
