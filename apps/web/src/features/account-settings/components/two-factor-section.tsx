import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  TWO_FACTOR_COUNTRIES,
  TwoFactorConfirmBodySchema,
  TwoFactorDisableBodySchema,
  TwoFactorStartBodySchema,
  type TwoFactorConfirmBody,
  type TwoFactorDisableBody,
  type TwoFactorStartBody,
} from '@portal/contracts';
import { TypeAheadSelect } from '@/components/type-ahead-select';
import { PasswordField } from '@/components/password-field';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '../api/account-settings';
import { handleSaveError } from './server-errors';

type Status = { enabled: boolean; phone: string | null };

const COUNTRY_OPTIONS = TWO_FACTOR_COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} ${c.country}` }));

/** Phone and VERIFY; then the code it received. */
function Enrolment() {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneForm = useForm<TwoFactorStartBody>({
    resolver: zodResolver(TwoFactorStartBodySchema),
    mode: 'onChange',
    defaultValues: { countryCode: '+33', phoneNumber: '' },
  });
  const codeForm = useForm<TwoFactorConfirmBody>({
    resolver: zodResolver(TwoFactorConfirmBodySchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const onVerify = phoneForm.handleSubmit(async (body) => {
    try {
      const { data } = await start.mutateAsync(body);
      setSentTo(data.phone);
      codeForm.reset();
    } catch (error) {
      handleSaveError(t, error, ['countryCode', 'phoneNumber'] as const, phoneForm.setError);
    }
  });

  const onConfirm = codeForm.handleSubmit(async (body) => {
    try {
      const { message } = await confirm.mutateAsync(body);
      showSnackbar({ kind: 'success', message: message ?? t('accountSettings.twoFactor.enabledSuccess') });
    } catch (error) {
      handleSaveError(t, error, ['code'] as const, codeForm.setError);
    }
  });

  return (
    <Stack gap="md">
      <Text size="sm">{t('accountSettings.twoFactor.intro')}</Text>
      <form onSubmit={onVerify} noValidate data-testid="two-factor-start-form">
        <Group align="flex-start" gap="sm">
          <Controller
            control={phoneForm.control}
            name="countryCode"
            render={({ field, fieldState }) => (
              <TypeAheadSelect
                label={t('accountSettings.twoFactor.countryCode')}
                labelProps={REQUIRED_LABEL}
                data={COUNTRY_OPTIONS}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
                w={160}
                error={fieldErrorText(t, fieldState.error)}
              />
            )}
          />
          <TextInput
            label={t('accountSettings.twoFactor.phoneNumber')}
            labelProps={REQUIRED_LABEL}
            type="tel"
            autoComplete="tel-national"
            maxLength={32}
            error={fieldErrorText(t, phoneForm.formState.errors.phoneNumber)}
            {...phoneForm.register('phoneNumber')}
          />
        </Group>
        <Button
          type="submit"
          mt="sm"
          loading={phoneForm.formState.isSubmitting}
          disabled={!phoneForm.formState.isValid || phoneForm.formState.isSubmitting}
        >
          {t('accountSettings.twoFactor.verify')}
        </Button>
      </form>
      {sentTo && (
        <form onSubmit={onConfirm} noValidate data-testid="two-factor-confirm-form">
          <Stack gap="sm" maw={420}>
            <Alert color="blue" data-testid="two-factor-code-sent">
              {t('accountSettings.twoFactor.codeSent', { phone: sentTo })}
            </Alert>
            <TextInput
              label={t('accountSettings.twoFactor.code')}
              labelProps={REQUIRED_LABEL}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={fieldErrorText(t, codeForm.formState.errors.code)}
              {...codeForm.register('code')}
            />
            <Button
              type="submit"
              w="fit-content"
              loading={codeForm.formState.isSubmitting}
              disabled={!codeForm.formState.isValid || codeForm.formState.isSubmitting}
            >
              {t('accountSettings.twoFactor.confirm')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** 2FA is on: where codes go, and turning it off with the password. */
function Enabled({ status }: { status: Status }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<TwoFactorDisableBody>({
    resolver: zodResolver(TwoFactorDisableBodySchema),
    mode: 'onChange',
    defaultValues: { password: '' },
  });

  const onDisable = handleSubmit(async (body) => {
    try {
      const { message } = await disable.mutateAsync(body);
      showSnackbar({ kind: 'success', message: message ?? t('accountSettings.twoFactor.disabledSuccess') });
    } catch (error) {
      handleSaveError(t, error, ['password'] as const, setError);
    }
  });

  return (
    <Stack gap="md">
      <Alert color="green" data-testid="two-factor-enabled">
        {t('accountSettings.twoFactor.enabled', { phone: status.phone ?? '' })}
      </Alert>
      <form onSubmit={onDisable} noValidate data-testid="two-factor-disable-form">
        <Stack gap="sm" maw={420}>
          <Text size="sm">{t('accountSettings.twoFactor.disableIntro')}</Text>
          <PasswordField
            label={t('accountSettings.twoFactor.password')}
            autoComplete="current-password"
            labelProps={REQUIRED_LABEL}
            error={fieldErrorText(t, errors.password)}
            {...register('password')}
          />
          <Button type="submit" color="red" w="fit-content" loading={isSubmitting} disabled={!isValid || isSubmitting}>
            {t('accountSettings.twoFactor.disable')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

export function TwoFactorSection({ status }: { status: Status }) {
  // Keyed on the state so that switching resets each form.
  return status.enabled ? <Enabled key="on" status={status} /> : <Enrolment key="off" />;
}
