import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UpdatePartnerCompanyBody, UpdatePartnerCompanyForm } from '@portal/contracts';
import { DeferredMultiSelect, DeferredSelect } from '@/components/deferred-select';
import { renderCountryOption } from '@/components/country-flag';
import { REQUIRED_LABEL } from '@/components/required-label';
import { TextField } from '@/components/text-field';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';
import { useContractForm } from '@/lib/use-contract-form';

/** The schema and the call, asked for on the form's first approach; the submit waits for them (decision 122). */
const submitCode = () => import('../company-submit');

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
  const form = useContractForm<UpdatePartnerCompanyForm, UpdatePartnerCompanyBody>({
    defaultValues: toForm(partner),
    loadSchema: () => submitCode().then((m) => m.UpdatePartnerCompanyBodySchema),
  });
  const { values, errors, isSubmitting, isValid, setError, reset } = form;

  const companyStatus =
    config.data.companyStatusList.find((item) => item.value === partner.companyStatus)?.label ??
    partner.companyStatus ??
    '';
  const countries = config.countries.map((c) => ({ value: c.isoCode, label: c.name }));
  const languages = config.languages.map((l) => ({ value: l.code, label: l.name }));

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const { updatePartner } = await submitCode();
      const { data } = await updatePartner(partner.id, body);
      reset(toForm(data as Partner));
      showSnackbar({ kind: 'success', message: t('myAccount.company.saved') });
      await reloadConfig(queryClient);
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });

  /** A field's label, test id, name and element; its error and required mark as each kind of field takes them. */
  const named = (name: (typeof FIELDS)[number]) => ({
    label: t(`myAccount.company.${name}`),
    'data-testid': `company-${name}`,
    name,
    ref: form.ref(name),
  });
  const text = (name: Exclude<(typeof FIELDS)[number], 'langs' | 'country'>, maxLength: number, required = true) => (
    <TextField
      {...named(name)}
      required={required}
      error={errors[name]}
      maxLength={maxLength}
      value={values[name] ?? ''}
      onChange={(event) => form.setValue(name, event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="company-form" {...form.formProps}>
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
        <DeferredMultiSelect
          {...named('langs')}
          labelProps={REQUIRED_LABEL}
          error={fieldErrorText(t, errors.langs)}
          searchable
          data={languages}
          value={values.langs ?? []}
          onChange={(value) => form.setValue('langs', value as UpdatePartnerCompanyForm['langs'])}
        />
        <DeferredSelect
          {...named('country')}
          labelProps={REQUIRED_LABEL}
          error={fieldErrorText(t, errors.country)}
          searchable
          data={countries}
          renderOption={renderCountryOption}
          value={values.country || null}
          onChange={(value) => form.setValue('country', value ?? '')}
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
          <Button
            type="submit"
            loading={isSubmitting}
            disabled={isValid === false || isSubmitting}
            data-testid="company-save"
          >
            {t('myAccount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
