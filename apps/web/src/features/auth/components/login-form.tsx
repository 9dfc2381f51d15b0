import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REQUIRED_LABEL } from '@/components/required-label';
import { PasswordField } from '@/components/password-field';
import { Link, useNavigate } from 'react-router';
import {
  LoginFormSchema,
  SNACKBAR_LOGIN_ERROR_MS,
  isLoginChallenge,
  type LoginForm as LoginFormValues,
} from '@portal/contracts';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { parseExpiry, saveSession } from '@/lib/session';
import { showSnackbar } from '@/lib/snackbar';
import { useLogin } from '../api/login';
import { TwoFactorStep } from './two-factor-step';

type LoginFormProps = {
  /** Where to go once signed in (an already sanitised same-site path). */
  redirectTo: string;
};

export function LoginForm({ redirectTo }: LoginFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  // Set once the password was right and the account asks for an SMS code.
  const [pending, setPending] = useState<{ challenge: string; phone: string; rememberMe: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  async function startSession(session: { bearer: string; expireAt: string | Date | null }, rememberMe: boolean) {
    const expiresAt = parseExpiry(session.expireAt);
    if (!expiresAt) throw new Error('The login answer carries no valid expireAt.');
    saveSession(session.bearer, expiresAt, rememberMe);
    queryClient.clear();
    await navigate(redirectTo, { replace: true });
  }

  const onSubmit = handleSubmit(async ({ email, password, rememberMe }) => {
    // Belt and braces: the button is disabled too, but Enter in a field must not sign in either.
    if (!email.trim() || !password) return;
    try {
      const result = await loginMutation.mutateAsync({ username: email.trim(), password });
      if (isLoginChallenge(result)) {
        setPending({ challenge: result.challenge, phone: result.phone, rememberMe });
        return;
      }
      await startSession(result, rememberMe);
    } catch (error) {
      handleFormError(error, {
        t,
        onStatus: {
          401: () =>
            showSnackbar({ kind: 'error', message: t('login.invalidCredentials'), delay: SNACKBAR_LOGIN_ERROR_MS }),
        },
        // The login call leaves its 400s to the api-client, which has shown the server's message.
        formStatuses: [],
      });
    }
  });

  if (pending) {
    return (
      <TwoFactorStep
        challenge={pending.challenge}
        phone={pending.phone}
        onSignedIn={(session) => startSession(session, pending.rememberMe)}
        onBack={() => setPending(null)}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          labelProps={REQUIRED_LABEL}
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <PasswordField
          label={t('login.password')}
          autoComplete="current-password"
          labelProps={REQUIRED_LABEL}
          error={fieldErrorText(t, errors.password)}
          {...register('password')}
        />
        <Group justify="space-between">
          <Checkbox label={t('login.rememberMe')} {...register('rememberMe')} />
          <Anchor component={Link} to={paths.passwordLost.href()} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={!isValid || isSubmitting} loading={isSubmitting}>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={paths.register.href()}>
            {t('login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
