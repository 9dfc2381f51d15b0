import { Button, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AdvertiserUpdateSchema, EmailOrBlankSchema, PAYMENT_CURRENCIES } from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useUpdateAdvertiser } from '../api/update-advertiser';
import { type AdvertiserData } from '../api/get-advertiser';

const DetailsSchema = AdvertiserUpdateSchema.extend({ contactEmail: EmailOrBlankSchema });
type DetailsValues = z.input<typeof DetailsSchema>;
type DetailsOutput = z.output<typeof DetailsSchema>;
const DETAIL_FIELDS = ['name', 'enabled', 'contactEmail', 'currency', 'notes'] as const;

export function Details({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const update = useUpdateAdvertiser(advertiser.id);
  const values = (a: AdvertiserData): DetailsValues => ({
    name: a.name,
    enabled: a.enabled,
    contactEmail: a.contactEmail ?? '',
    currency: a.currency as DetailsValues['currency'],
    notes: a.notes ?? '',
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
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
          <Controller control={control} name="enabled" render={({ field }) => (
            <Switch label={t('staff.advertisers.fields.enabled')} description={t('staff.advertisers.enabledHint')} checked={field.value ?? true} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="staff-advertiser-enabled" />
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
