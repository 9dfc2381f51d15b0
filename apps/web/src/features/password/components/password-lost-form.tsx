import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REQUIRED_LABEL } from '@/components/required-label';
import { Link } from 'react-router';
import { PasswordLostBodySchema, type PasswordLostBody } from '@portal/contracts';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';

type PasswordLostValues = { email: string };

export function PasswordLostForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<PasswordLostValues, unknown, PasswordLostBody>({
    resolver: zodResolver(PasswordLostBodySchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await requestReset.mutateAsync(body);
      setSent(true);
    } catch (error) {
      handleFormError(error, { t, fields: ['email'] as const, setError });
    }
  });

  if (sent) {
    return (
      <Stack gap="sm" ta="center" align="center">
        <Title order={4} data-testid="password-lost-sent">
          {t('passwordLost.sentTitle')}
        </Title>
        <Text>{t('passwordLost.sentText')}</Text>
        <Anchor component={Link} to={paths.login.href()}>
          {t('passwordLost.returnToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} data-testid="page-title">
          {t('passwordLost.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('passwordLost.intro')}
        </Text>
        <TextInput
          label={t('passwordLost.email')}
          type="email"
          autoComplete="email"
          labelProps={REQUIRED_LABEL}
          maxLength={254}
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <Button type="submit" fullWidth disabled={!isValid || isSubmitting} loading={isSubmitting}>
          {t('passwordLost.submit')}
        </Button>
        <Anchor component={Link} to={paths.login.href()} size="sm" ta="center">
          {t('passwordLost.signIn')}
        </Anchor>
      </Stack>
    </form>
  );
}
