import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  UpdatePartnerCompanyBodySchema,
  type UpdatePartnerCompanyBody,
  type UpdatePartnerCompanyForm,
} from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { updatePartner } from '../api/update-partner';

type Partner = NonNullable<PortalConfig['partner']>;

const FIELDS = ['langs', 'country', 'address', 'zipCode', 'state', 'city', 'email', 'phoneNumber'] as const;

const toForm = (p: Partner): UpdatePartnerCompanyForm => ({
  // Stored languages are codes of the list; the schema checks them again on submit.
  langs: p.langs as UpdatePartnerCompanyForm['langs'],
  country: p.country ?? '',
  address: p.address ?? '',
  zipCode: p.zipCode ?? '',
  state: p.state ?? '',
  city: p.city ?? '',
  email: p.email,
  phoneNumber: p.phoneNumber ?? '',
});

/** Company: status, name, registration and VAT numbers are read-only; the rest is saved with PUT /partner/{id}. */
export function CompanyForm({ config, partner }: { config: PortalConfig; partner: Partner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<UpdatePartnerCompanyForm, unknown, UpdatePartnerCompanyBody>({
    resolver: zodResolver(UpdatePartnerCompanyBodySchema),
    mode: 'onChange',
    defaultValues: toForm(partner),
  });

  const companyStatus =
    config.data.companyStatusList.find((item) => item.value === partner.companyStatus)?.label ??
    partner.companyStatus ??
    '';
  const countries = config.countries.map((c) => ({ value: c.isoCode, label: c.flag ? `${c.flag} ${c.name}` : c.name }));
  const languages = config.languages.map((l) => ({ value: l.code, label: l.name }));

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { data } = await updatePartner(partner.id, body);
      reset(toForm(data as Partner));
      showSnackbar({ kind: 'success', message: t('myAccount.company.saved') });
      await reloadConfig(queryClient);
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });

  const text = (name: Exclude<(typeof FIELDS)[number], 'langs' | 'country'>, maxLength: number, required = true) => (
    <TextInput
      label={t(`myAccount.company.${name}`)}
      labelProps={required ? REQUIRED_LABEL : undefined}
      maxLength={maxLength}
      error={fieldErrorText(t, errors[name])}
      data-testid={`company-${name}`}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="company-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('myAccount.company.companyStatus')}
            value={companyStatus}
            readOnly
            variant="filled"
            data-testid="company-companyStatus"
          />
          <TextInput
            label={t('myAccount.company.companyName')}
            value={partner.companyName}
            readOnly
            variant="filled"
            data-testid="company-companyName"
          />
          <TextInput
            label={t('myAccount.company.companyNumber')}
            value={partner.companyNumber ?? ''}
            readOnly
            variant="filled"
            data-testid="company-companyNumber"
          />
          <TextInput
            label={t('myAccount.company.vatNumber')}
            value={partner.vatNumber ?? ''}
            readOnly
            variant="filled"
            data-testid="company-vatNumber"
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="langs"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('myAccount.company.langs')}
              labelProps={REQUIRED_LABEL}
              data={languages}
              searchable
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldErrorText(t, fieldState.error)}
              data-testid="company-langs"
            />
          )}
        />
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <Select
              label={t('myAccount.company.country')}
              labelProps={REQUIRED_LABEL}
              data={countries}
              searchable
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldErrorText(t, fieldState.error)}
              data-testid="company-country"
            />
          )}
        />
        {text('address', 255)}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('zipCode', 20)}
          {text('city', 100)}
          {text('state', 100, false)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('email', 254)}
          {text('phoneNumber', 32)}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} disabled={!isValid || isSubmitting} data-testid="company-save">
            {t('myAccount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
