import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TwoFactorCodeFormSchema, type TwoFactorCodeForm } from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { useLoginTwoFactor } from '../api/login';

type TwoFactorStepProps = {
  challenge: string;
  /** The masked phone number the code went to. */
  phone: string;
  onSignedIn: (session: { bearer: string; expireAt: string | Date | null }) => Promise<void>;
  onBack: () => void;
};

/**
 * After a right password, when the account has two-factor authentication: the SMS code, or one
 * of the recovery codes given at enrolment (decision 030); the server tells them apart.
 */
export function TwoFactorStep({ challenge, phone, onSignedIn, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const loginTwoFactor = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(TwoFactorCodeFormSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const session = await loginTwoFactor.mutateAsync({ challenge, code: code.trim() });
      await onSignedIn(session);
    } catch (error) {
      handleFormError(error, { t, fields: ['code'] as const, setError });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-two-factor">
      <Stack gap="sm">
        <Text size="sm">{recovery ? t('login.twoFactorRecoveryIntro') : t('login.twoFactorIntro', { phone })}</Text>
        <TextInput
          key={recovery ? 'recovery' : 'sms'}
          label={recovery ? t('login.twoFactorRecoveryCode') : t('login.twoFactorCode')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={recovery ? 11 : 6}
          autoFocus
          labelProps={REQUIRED_LABEL}
          error={fieldErrorText(t, errors.code)}
          {...register('code')}
        />
        <Button type="submit" fullWidth disabled={!isValid || isSubmitting} loading={isSubmitting}>
          {t('login.twoFactorSubmit')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            resetField('code');
          }}
          data-testid="two-factor-toggle-recovery"
        >
          {recovery ? t('login.twoFactorUseSms') : t('login.twoFactorUseRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('login.twoFactorBack')}
        </Anchor>
      </Stack>
    </form>
  );
}
