import { Button, Card, Group, Stack, Switch, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  AdvertiserUpdateSchema,
  EmailOrBlankSchema,
  PAYMENT_CURRENCIES,
  PAYMENT_TERMS,
  advertiserVatOf,
} from '@portal/contracts';
import { renderCountryOption } from '@/components/country-flag';
import { fieldBuilders } from '@/components/form-fields';
import { useConfig } from '@/lib/config';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useUpdateAdvertiser } from '../api/update-advertiser';
import { type AdvertiserData } from '../api/get-advertiser';

const DetailsSchema = AdvertiserUpdateSchema.extend({ contactEmail: EmailOrBlankSchema });
type DetailsValues = z.input<typeof DetailsSchema>;
type DetailsOutput = z.output<typeof DetailsSchema>;
const DETAIL_FIELDS = [
  'name',
  'enabled',
  'contactEmail',
  'currency',
  'notes',
  'billingTerms',
  'billingAddress',
  'country',
  'vatNumber',
  'showPartnerNames',
] as const;

export function Details({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const update = useUpdateAdvertiser(advertiser.id);
  const config = useConfig();
  const values = (a: AdvertiserData): DetailsValues => ({
    name: a.name,
    enabled: a.enabled,
    contactEmail: a.contactEmail ?? '',
    currency: a.currency as DetailsValues['currency'],
    notes: a.notes ?? '',
    billingTerms: a.billingTerms,
    billingAddress: a.billingAddress ?? '',
    country: a.country ?? '',
    vatNumber: a.vatNumber ?? '',
    showPartnerNames: a.showPartnerNames,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DetailsValues, unknown, DetailsOutput>({ resolver: zodResolver(DetailsSchema), mode: 'onTouched', defaultValues: values(advertiser) });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.fields', testIds: 'staff-advertiser' });
  const onSubmit = handleSubmit(async ({ contactEmail, ...rest }) => {
    try {
      const { data } = await update.mutateAsync({ ...rest, contactEmail: contactEmail || null });
      reset(values(data));
      showSnackbar({ kind: 'success', message: t('staff.advertisers.saved') });
    } catch (error) {
      handleFormError(error, { t, fields: DETAIL_FIELDS, setError });
    }
  });
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate data-testid="staff-advertiser-details">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('staff.advertisers.details')}
          </Title>
          {text('name', 255, { required: true })}
          {text('contactEmail', 254, { type: 'email' })}
          {select('currency', PAYMENT_CURRENCIES.map((value) => ({ value, label: value })), { typeAhead: true, allowDeselect: false })}
          {text('notes', 2000)}
          <Title order={4} size="h5">
            {t('staff.advertisers.invoicing')}
          </Title>
          {select('billingTerms', PAYMENT_TERMS.map((value) => ({ value, label: t(`staff.partner.terms.${value}`) })), { typeAhead: true, allowDeselect: false, description: t('staff.advertisers.billingTermsHint') })}
          <Textarea label={t('staff.advertisers.fields.billingAddress')} description={t('staff.advertisers.billingAddressHint')} autosize minRows={2} maxLength={1000} error={fieldErrorText(t, errors.billingAddress)} data-testid="staff-advertiser-billingAddress" {...register('billingAddress')} />
          {select('country', config.countries.map((c) => ({ value: c.isoCode, label: c.name })), { renderOption: renderCountryOption })}
          {text('vatNumber', 32, { description: t(`staff.advertisers.vat.${advertiserVatOf(watch('country') ?? null, watch('vatNumber') ?? null).treatment}`) })}
          <Controller control={control} name="enabled" render={({ field }) => (
            <Switch label={t('staff.advertisers.fields.enabled')} description={t('staff.advertisers.enabledHint')} checked={field.value ?? true} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="staff-advertiser-enabled" />
          )} />
          <Title order={4} size="h5">
            {t('staff.advertisers.portal')}
          </Title>
          <Controller control={control} name="showPartnerNames" render={({ field }) => (
            <Switch label={t('staff.advertisers.fields.showPartnerNames')} description={t('staff.advertisers.showPartnerNamesHint')} checked={field.value ?? false} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="staff-advertiser-showPartnerNames" />
          )} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="staff-advertiser-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
} // prettier-ignore
