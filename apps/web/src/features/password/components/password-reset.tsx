import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useCheckResetKey } from '../api/check-reset-key';
import { PasswordResetForm } from './password-reset-form';

type PasswordResetProps = { resetKey: string };

/** The reset steps of spec section 4: key check, then the form or the invalid view, then success. */
export function PasswordReset({ resetKey }: PasswordResetProps) {
  const { t } = useTranslation();
  const check = useCheckResetKey(resetKey);
  const [done, setDone] = useState(false);
  const [keyRefused, setKeyRefused] = useState(false);

  if (done) {
    return (
      <Stack gap="sm" ta="center" align="center" data-testid="password-reset-success">
        <Title order={4}>{t('passwordReset.successTitle')}</Title>
        <Text>{t('passwordReset.successText')}</Text>
        <Anchor component={Link} to={paths.login.href()}>
          {t('passwordReset.returnToLogin')}
        </Anchor>
      </Stack>
    );
  }

  if (check.isPending) {
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  }

  if (check.isError || !check.data || keyRefused) {
    return (
      <Stack gap="sm" ta="center" align="center" data-testid="password-reset-invalid">
        <Title order={4}>{t('passwordReset.invalidTitle')}</Title>
        <Text>{t('passwordReset.invalidText')}</Text>
        <Anchor component={Link} to={paths.passwordLost.href()}>
          {t('passwordReset.tryAgain')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Title order={3} data-testid="page-title">
        {t('passwordReset.title')}
      </Title>
      <PasswordResetForm resetKey={resetKey} onSuccess={() => setDone(true)} onInvalidKey={() => setKeyRefused(true)} />
    </Stack>
  );
}
