import { Alert, Button, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_NAME,
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
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';

type Status = { enabled: boolean; phone: string | null };

const COUNTRY_OPTIONS = TWO_FACTOR_COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} ${c.country}` }));

/**
 * Phone, current password and VERIFY; then the code it received. Enrols a phone, or replaces
 * the enrolled one; either way the answer carries fresh recovery codes (decision 030).
 */
function PhoneEnrolment({ changing, onEnrolled }: { changing: boolean; onEnrolled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const phoneForm = useForm<TwoFactorStartBody>({
    resolver: zodResolver(TwoFactorStartBodySchema),
    mode: 'onChange',
    defaultValues: { countryCode: '+33', phoneNumber: '', password: '' },
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
      phoneForm.resetField('password');
      codeForm.reset();
    } catch (error) {
      handleFormError(error, {
        t,
        fields: ['countryCode', 'phoneNumber', 'password'] as const,
        setError: phoneForm.setError,
      });
    }
  });

  const onConfirm = codeForm.handleSubmit(async (body) => {
    try {
      const { message, data } = await confirm.mutateAsync(body);
      onEnrolled(data.recoveryCodes);
      const fallback = changing
        ? 'accountSettings.twoFactor.phoneChangedSuccess'
        : 'accountSettings.twoFactor.enabledSuccess';
      showSnackbar({ kind: 'success', message: message ?? t(fallback) });
    } catch (error) {
      handleFormError(error, { t, fields: ['code'] as const, setError: codeForm.setError });
    }
  });

  return (
    <Stack gap="md">
      <Text size="sm">
        {t(changing ? 'accountSettings.twoFactor.changePhoneIntro' : 'accountSettings.twoFactor.intro')}
      </Text>
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
          <PasswordField
            label={t('accountSettings.twoFactor.startPassword')}
            autoComplete="current-password"
            labelProps={REQUIRED_LABEL}
            maxLength={256}
            error={fieldErrorText(t, phoneForm.formState.errors.password)}
            data-testid="two-factor-start-password"
            {...phoneForm.register('password')}
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

/** The recovery codes of a new enrolment, shown this once, to copy or download before leaving. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = [
    t('accountSettings.twoFactor.recoveryFileHeader', {
      product: PRODUCT_NAME,
      date: new Date().toISOString().slice(0, 10),
    }),
    '',
    ...codes,
    '',
  ].join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Alert color="yellow" title={t('accountSettings.twoFactor.recoveryTitle')} data-testid="two-factor-recovery-codes">
      <Stack gap="sm">
        <Text size="sm">{t('accountSettings.twoFactor.recoveryIntro')}</Text>
        <List size="sm" ff="monospace" listStyleType="none" spacing={2}>
          {codes.map((code) => (
            <List.Item key={code} data-testid="recovery-code">
              {code}
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          <CopyButton value={codes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="light" size="xs" onClick={copy}>
                {copied ? t('accountSettings.twoFactor.recoveryCopied') : t('accountSettings.twoFactor.recoveryCopy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" size="xs" onClick={download} data-testid="recovery-download">
            {t('accountSettings.twoFactor.recoveryDownload')}
          </Button>
          <Button size="xs" onClick={onDone} data-testid="recovery-done">
            {t('accountSettings.twoFactor.recoveryDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** 2FA is on: where codes go, changing the phone, and turning it off with the password. */
function Enabled({ status, onEnrolled }: { status: Status; onEnrolled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [changingPhone, setChangingPhone] = useState(false);
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
      handleFormError(error, { t, fields: ['password'] as const, setError });
    }
  });

  return (
    <Stack gap="md">
      <Alert color="green" data-testid="two-factor-enabled">
        {t('accountSettings.twoFactor.enabled', { phone: status.phone ?? '' })}
      </Alert>
      {changingPhone ? (
        <PhoneEnrolment
          changing
          onEnrolled={(codes) => {
            setChangingPhone(false);
            onEnrolled(codes);
          }}
        />
      ) : (
        <Button
          variant="light"
          w="fit-content"
          onClick={() => setChangingPhone(true)}
          data-testid="two-factor-change-phone"
        >
          {t('accountSettings.twoFactor.changePhone')}
        </Button>
      )}
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
  // Held here, above the keyed forms: the settings reload after the enrolment switches them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Stack gap="md">
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />}
      {/* Keyed on the state so that switching resets each form. */}
      {status.enabled ? (
        <Enabled key="on" status={status} onEnrolled={setRecoveryCodes} />
      ) : (
        <PhoneEnrolment key="off" changing={false} onEnrolled={setRecoveryCodes} />
      )}
    </Stack>
  );
}
