import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  UpdatePartnerPaymentFormSchema,
  type UpdatePartnerPaymentFormBody,
  type UpdatePartnerPaymentFormValues,
} from '@portal/contracts';
import { PasswordField } from '@/components/password-field';
import { fieldBuilders } from '@/components/form-fields';
import { REQUIRED_LABEL } from '@/components/required-label';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { updatePartner } from '../api/update-partner';

type Partner = NonNullable<PortalConfig['partner']>;

const FIELDS = ['accountHolder', 'bankName', 'bankAddress', 'iban', 'swift', 'routingNumber'] as const;
const FORM_FIELDS = [...FIELDS, 'currentPassword'] as const;

/** The stored details, and an empty password: the server asks for it when the bank details change (decision 030). */
const toForm = (p: Partner): UpdatePartnerPaymentFormValues => ({
  accountHolder: p.accountHolder ?? '',
  bankName: p.bankName ?? '',
  bankAddress: p.bankAddress ?? '',
  iban: p.iban ?? '',
  swift: p.swift ?? '',
  routingNumber: p.routingNumber ?? '',
  currentPassword: '',
});

/**
 * Bank details, saved with PUT /partner/{id} and the user's current password; terms, currency and
 * method are the network's, shown only.
 */
export function PaymentForm({ partner }: { partner: Partner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<UpdatePartnerPaymentFormValues, unknown, UpdatePartnerPaymentFormBody>({
    resolver: zodResolver(UpdatePartnerPaymentFormSchema),
    mode: 'onChange',
    defaultValues: toForm(partner),
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await updatePartner(partner.id, body);
      reset(toForm(data as Partner));
      showSnackbar({ kind: 'success', message: t('myAccount.payment.saved') });
      await reloadConfig(queryClient);
    } catch (error) {
      handleFormError(error, { t, fields: FORM_FIELDS, setError });
    }
  });

  const { text } = fieldBuilders({ t, control, register, errors, labels: 'myAccount.payment', testIds: 'payment' });

  const terms = t(`myAccount.payment.terms.${partner.paymentTerms}`, { defaultValue: partner.paymentTerms });
  const method = t(`myAccount.payment.methods.${partner.paymentMethod}`, { defaultValue: partner.paymentMethod });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="payment-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('myAccount.payment.paymentTerms')}
            value={terms}
            readOnly
            variant="filled"
            data-testid="payment-paymentTerms"
          />
          <TextInput
            label={t('myAccount.payment.paymentCurrency')}
            value={partner.paymentCurrency}
            readOnly
            variant="filled"
            data-testid="payment-paymentCurrency"
          />
          <TextInput
            label={t('myAccount.payment.paymentMethod')}
            value={method}
            readOnly
            variant="filled"
            data-testid="payment-paymentMethod"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('accountHolder', 255, { required: true })}
          {text('bankName', 255, { required: true })}
        </SimpleGrid>
        {text('bankAddress', 255)}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('iban', 42)}
          {text('swift', 11)}
          {text('routingNumber', 34)}
        </SimpleGrid>
        <PasswordField
          label={t('myAccount.payment.currentPassword')}
          description={t('myAccount.payment.currentPasswordHint')}
          labelProps={REQUIRED_LABEL}
          autoComplete="current-password"
          maxLength={256}
          maw={420}
          error={fieldErrorText(t, errors.currentPassword)}
          data-testid="payment-currentPassword"
          {...register('currentPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isValid || isSubmitting} data-testid="payment-save">
            {t('myAccount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
