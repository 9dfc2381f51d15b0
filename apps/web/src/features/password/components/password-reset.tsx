import { Center, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutcomeView } from '@/components/outcome-view';
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
      <OutcomeView
        testId="password-reset-success"
        title={t('passwordReset.successTitle')}
        text={t('passwordReset.successText')}
        linkTo={paths.login.href()}
        linkText={t('passwordReset.returnToLogin')}
      />
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
      <OutcomeView
        testId="password-reset-invalid"
        title={t('passwordReset.invalidTitle')}
        text={t('passwordReset.invalidText')}
        linkTo={paths.passwordLost.href()}
        linkText={t('passwordReset.tryAgain')}
      />
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
