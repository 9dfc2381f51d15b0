import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FirstAdminFormSchema, type FirstAdminForm } from '@portal/contracts';
import { OutcomeView } from '@/components/outcome-view';
import { TextField } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useCheckSetupKey } from '../api/check-setup-key';
import { useCreateFirstAdmin } from '../api/create-first-admin';

const FIELDS = ['email', 'firstname', 'lastname'] as const;

/**
 * The first-run setup of an install with no admin (decision 028): the link the server printed names the first
 * administrator here, then goes on to the spec's /password-reset form to choose the password.
 */
export function FirstAdminSetup({ setupKey }: { setupKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useCheckSetupKey(setupKey);
  const create = useCreateFirstAdmin();
  const [keyRefused, setKeyRefused] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FirstAdminForm>({
    resolver: zodResolver(FirstAdminFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', firstname: '', lastname: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    try {
      const { data } = await create.mutateAsync({ key: setupKey, ...form });
      if (data) await navigate(paths.passwordReset.href(data.passwordKey), { replace: true });
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError, onField: { key: () => setKeyRefused(true) } });
    }
  });

  if (check.isPending) {
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  }

  if (check.isError || !check.data || keyRefused) {
    return (
      <OutcomeView
        testId="setup-invalid"
        title={t('setup.invalidTitle')}
        text={t('setup.invalidText')}
        linkTo={paths.login.href()}
        linkText={t('passwordReset.returnToLogin')}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={3} data-testid="page-title">
          {t('setup.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('setup.intro')}
        </Text>
        <TextField
          label={t('setup.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={errors.email}
          {...register('email')}
        />
        <TextField
          label={t('setup.firstname')}
          autoComplete="given-name"
          required
          maxLength={100}
          error={errors.firstname}
          {...register('firstname')}
        />
        <TextField
          label={t('setup.lastname')}
          autoComplete="family-name"
          required
          maxLength={100}
          error={errors.lastname}
          {...register('lastname')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} disabled={isSubmitting}>
          {t('setup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
