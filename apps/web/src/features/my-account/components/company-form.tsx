import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  UpdatePartnerCompanyBodySchema,
  type UpdatePartnerCompanyBody,
  type UpdatePartnerCompanyForm,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { renderCountryOption } from '@/components/country-flag';
import { reloadConfig, type PortalConfig } from '@/lib/config';
import { handleFormError } from '@/lib/form-errors';
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
  const countries = config.countries.map((c) => ({ value: c.isoCode, label: c.name }));
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

  const { text, select, multiSelect } = fieldBuilders({
    t,
    control,
    register,
    errors,
    labels: 'myAccount.company',
    testIds: 'company',
    required: true,
  });

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
        {multiSelect('langs', languages)}
        {select('country', countries, { renderOption: renderCountryOption })}
        {text('address', 255)}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {text('zipCode', 20)}
          {text('city', 100)}
          {text('state', 100, { required: false })}
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
