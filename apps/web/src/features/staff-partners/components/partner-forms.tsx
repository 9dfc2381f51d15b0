import { Button, Card, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  ACCOUNT_TYPE_LABELS,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
  StaffPartnerUpdateSchema,
  UrlSchema,
  type StaffPartnerUpdate,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { renderCountryOption } from '@/components/country-flag';
import { useConfig } from '@/lib/config';
import { handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useAssignableManagers } from '../api/get-assignable-managers';
import { useUpdateStaffPartner } from '../api/update-staff-partner';
import { type StaffPartnerProfileData } from '../api/get-staff-partner';

const shape = StaffPartnerUpdateSchema.shape;

// ---------------------------------------------------------------- profile

const ProfileSchema = z.object({
  accountManagerId: z.string(),
  accountType: shape.accountType,
  prospect: z.boolean(),
  allOffersAccess: z.boolean(),
  typology: shape.typology,
  companyName: shape.companyName,
  companyStatus: shape.companyStatus,
  companyRegistrationNumber: shape.companyRegistrationNumber,
  companyVatNumber: shape.companyVatNumber,
  email: shape.email,
  phoneNumber: shape.phoneNumber,
  websiteUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || UrlSchema.safeParse(v).success, { error: 'url' }),
  address: shape.address,
  zipCode: shape.zipCode,
  city: shape.city,
  state: shape.state,
  country: z.string(),
});
type ProfileValues = z.input<typeof ProfileSchema>;
type ProfileOutput = z.output<typeof ProfileSchema>;
const PROFILE_FIELDS = Object.keys(ProfileSchema.shape) as (keyof ProfileValues)[];

const profileOf = (p: StaffPartnerProfileData): ProfileValues => ({
  accountManagerId: p.accountManagerId ? String(p.accountManagerId) : '',
  accountType: p.accountType,
  prospect: p.prospect,
  allOffersAccess: p.allOffersAccess,
  typology: p.typology ?? '',
  companyName: p.companyName,
  companyStatus: p.companyStatus ?? '',
  companyRegistrationNumber: p.companyRegistrationNumber ?? '',
  companyVatNumber: p.companyVatNumber ?? '',
  email: p.email,
  phoneNumber: p.phoneNumber ?? '',
  websiteUrl: p.websiteUrl ?? '',
  address: p.address ?? '',
  zipCode: p.zipCode ?? '',
  city: p.city ?? '',
  state: p.state ?? '',
  country: p.country ?? '',
});

/**
 * What staff set on a partner besides payment: its account manager (admins and team managers), account type,
 * prospect and offer access flags, typology, and the company fields, which staff may correct before approving.
 */
export function PartnerProfileForm({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const config = useConfig();
  const assigns = config.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_TEAM_MANAGER');
  const managers = useAssignableManagers(assigns);
  const update = useUpdateStaffPartner(partner.id);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues, unknown, ProfileOutput>({
    resolver: zodResolver(ProfileSchema),
    mode: 'onTouched',
    defaultValues: profileOf(partner),
  });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.partner.fields', testIds: 'staff-partner' });

  const managerOptions = assigns
    ? (managers.data ?? []).map((user) => ({ value: String(user.id), label: user.displayName }))
    : [];
  if (partner.accountManager && !managerOptions.some((o) => o.value === String(partner.accountManager!.id))) {
    managerOptions.unshift({ value: String(partner.accountManager.id), label: partner.accountManager.name });
  }
  const list = (name: 'typologyList' | 'companyStatusList') =>
    config.data[name].map((item) => ({ value: item.value, label: item.label }));

  const onSubmit = handleSubmit(async ({ accountManagerId, websiteUrl, country, ...values }) => {
    const body: StaffPartnerUpdate = {
      ...values,
      websiteUrl: websiteUrl || null,
      country: country || null,
      ...(assigns ? { accountManagerId: accountManagerId ? Number(accountManagerId) : null } : {}),
    };
    try {
      const { data } = await update.mutateAsync(body);
      reset(profileOf(data));
      showSnackbar({ kind: 'success', message: t('staff.partner.saved') });
    } catch (error) {
      handleFormError(error, { t, fields: PROFILE_FIELDS, setError });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="staff-partner-profile-form">
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>{t('staff.partner.management')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('accountManagerId', managerOptions, { disabled: !assigns, description: assigns ? undefined : t('staff.partner.reassignHint') })}
              {select('accountType', ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_LABELS[value] })), { typeAhead: true, allowDeselect: false })}
              {select('typology', list('typologyList'))}
            </SimpleGrid>
            <Group>
              <Controller control={control} name="prospect" render={({ field }) => (
                <Switch label={t('staff.partner.fields.prospect')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="staff-partner-prospect" />
              )} />
              <Controller control={control} name="allOffersAccess" render={({ field }) => (
                <Switch label={t('staff.partner.fields.allOffersAccess')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="staff-partner-allOffersAccess" />
              )} />
            </Group>
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>{t('staff.partner.company')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text('companyName', 255, { required: true })}
              {select('companyStatus', list('companyStatusList'))}
              {text('companyRegistrationNumber', 64)}
              {text('companyVatNumber', 64)}
              {text('email', 254, { required: true, type: 'email' })}
              {text('phoneNumber', 40)}
              {text('websiteUrl', 2048)}
              {text('address', 255)}
              {text('zipCode', 20)}
              {text('city', 100)}
              {text('state', 100)}
              {select(
                'country',
                config.countries.map((c) => ({ value: c.isoCode, label: c.name })),
                { renderOption: renderCountryOption },
              )}
            </SimpleGrid>
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="staff-partner-profile-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
} // prettier-ignore

// ---------------------------------------------------------------- payment

const PaymentSchema = z.object({
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'oneOf' }),
  /** In major units, as typed: 100 or 100.50. */
  paymentThreshold: z
    .string()
    .trim()
    .regex(/^(\d{1,7}([.,]\d{1,2})?)?$/, { error: 'pattern' }),
  paymentCurrency: z.string(),
  paymentMethod: z.string(),
});
type PaymentValues = z.input<typeof PaymentSchema>;
const PAYMENT_FIELDS = Object.keys(PaymentSchema.shape) as (keyof PaymentValues)[];

const paymentOf = (p: StaffPartnerProfileData): PaymentValues => ({
  paymentTerms: p.paymentTerms,
  paymentThreshold: p.paymentThreshold === null ? '' : (p.paymentThreshold / 100).toFixed(2),
  paymentCurrency: p.paymentCurrency,
  paymentMethod: p.paymentMethod,
});

/** Minor units from what was typed in major units, exactly (no floating point). */
const toMinor = (typed: string): number | null => {
  if (!typed) return null;
  const [units, cents = ''] = typed.replace(',', '.').split('.');
  return Number(units) * 100 + Number(cents.padEnd(2, '0'));
};

/** Payment terms, threshold, currency and method; the bank details are the partner's to change, shown here. */
export function PartnerPaymentForm({ partner }: { partner: StaffPartnerProfileData }) {
  const { t } = useTranslation();
  const update = useUpdateStaffPartner(partner.id);
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PaymentValues>({ resolver: zodResolver(PaymentSchema), mode: 'onTouched', defaultValues: paymentOf(partner) });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.partner.fields', testIds: 'staff-partner' });
  const onSubmit = handleSubmit(async (values) => {
    const body = {
      paymentTerms: values.paymentTerms,
      paymentThreshold: toMinor(values.paymentThreshold),
      paymentCurrency: values.paymentCurrency,
      paymentMethod: values.paymentMethod,
    } as StaffPartnerUpdate;
    try {
      const { data } = await update.mutateAsync(body);
      reset(paymentOf(data));
      showSnackbar({ kind: 'success', message: t('staff.partner.saved') });
    } catch (error) {
      handleFormError(error, { t, fields: PAYMENT_FIELDS, setError });
    }
  });
  const bank: [string, string | null][] = [
    ['accountHolder', partner.accountHolder],
    ['bankName', partner.bankName],
    ['bankAddress', partner.bankAddress],
    ['iban', partner.iban],
    ['swift', partner.swift],
    ['routingNumber', partner.routingNumber],
  ];
  return (
    <Stack gap="md">
      <form onSubmit={onSubmit} noValidate data-testid="staff-partner-payment-form">
        <Card withBorder>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {select('paymentTerms', PAYMENT_TERMS.map((value) => ({ value, label: t(`staff.partner.terms.${value}`) })), { typeAhead: true, allowDeselect: false })}
              {text('paymentThreshold', 12, { description: t('staff.partner.thresholdHint', { currency: partner.paymentCurrency }), inputMode: 'decimal' })}
              {select('paymentCurrency', PAYMENT_CURRENCIES.map((value) => ({ value, label: value })), { typeAhead: true, allowDeselect: false })}
              {select('paymentMethod', PAYMENT_METHODS.map((value) => ({ value, label: t(`staff.partner.methods.${value}`) })), { typeAhead: true, allowDeselect: false })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="staff-partner-payment-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
      <Card withBorder data-testid="staff-partner-bank">
        <Stack gap={4}>
          <Text fw={600}>{t('staff.partner.bank')}</Text>
          {partner.bankDetailsMasked ? (
            <Text size="sm" c="dimmed">
              {t('staff.partner.bankMasked')}
            </Text>
          ) : null}
          {bank.map(([field, value]) => (
            <Text key={field} size="sm">
              {t(`staff.partner.fields.${field}`)}: <b>{value ?? '—'}</b>
            </Text>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
} // prettier-ignore
