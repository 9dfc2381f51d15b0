import { Button, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REQUIRED_LABEL } from '@/components/required-label';
import { PasswordField } from '@/components/password-field';
import {
  NewPasswordFormSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MISMATCH_MS,
  type NewPasswordForm,
} from '@portal/contracts';
import { passwordErrorRules, useTimedFlag } from '@/lib/password-form';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
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
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    mode: 'onChange',
    criteriaMode: 'all',
    defaultValues: { password: '', passwordConfirm: '' },
  });

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

  const passwordLength = watch('password').length;
  const passwordRules = passwordErrorRules(errors.password);
  const passwordError =
    passwordRules.length > 0 ? (
      // Spans, not a list: Mantine renders the error inside a <p>.
      <span data-testid="password-errors">
        {passwordRules.map((rule) => (
          <span key={rule} style={{ display: 'block' }}>
            {fieldErrorText(t, { message: rule }, { n: PASSWORD_MIN_LENGTH, m: passwordLength })}
          </span>
        ))}
      </span>
    ) : undefined;
  const confirmError = mismatch ? t('formError.passwordMismatch') : fieldErrorText(t, errors.passwordConfirm);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <PasswordField
          label={t('passwordReset.password')}
          placeholder={t('passwordReset.placeholder')}
          autoComplete="new-password"
          labelProps={REQUIRED_LABEL}
          maxLength={256}
          error={passwordError}
          {...register('password', { deps: ['passwordConfirm'] })}
        />
        <PasswordField
          label={t('passwordReset.passwordConfirm')}
          placeholder={t('passwordReset.placeholder')}
          autoComplete="new-password"
          labelProps={REQUIRED_LABEL}
          maxLength={256}
          error={confirmError}
          {...register('passwordConfirm')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} disabled={mismatch || isSubmitting}>
          {t('passwordReset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
