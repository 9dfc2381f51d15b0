import {
  Anchor,
  Button,
  Center,
  Divider,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { REQUIRED_LABEL } from '@/components/required-label';
import { Link, useNavigate } from 'react-router';
import {
  RegisterBodySchema,
  SNACKBAR_LOGIN_ERROR_MS,
  type DataListItem,
  type RegisterBody,
  type RegisterForm as RegisterFormValues,
} from '@portal/contracts';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useRegisterOptions } from '../api/get-register-options';
import { useRegisterPartner } from '../api/register';

type FieldName = FieldPath<RegisterFormValues>;
type Option = { value: string; label: string };

const FIELDS = [
  'companyName',
  'firstname',
  'lastname',
  'address',
  'zipCode',
  'city',
  'state',
  'country',
  'email',
  'phoneNumber',
  'langs',
  'telegram',
  'teams',
  'trafficSourceList',
  'typology',
  'experience',
  'verticals',
  'estimatedMonthlyRevenue',
  'geographicAreaList',
  'websiteUrl',
] as const satisfies readonly FieldName[];

const DEFAULT_VALUES: RegisterFormValues = {
  companyName: '',
  firstname: '',
  lastname: '',
  address: '',
  zipCode: '',
  city: '',
  state: '',
  country: '',
  email: '',
  phoneNumber: '',
  langs: [],
  telegram: '',
  teams: '',
  trafficSourceList: [],
  typology: '',
  experience: '',
  verticals: [],
  estimatedMonthlyRevenue: '',
  geographicAreaList: [],
  websiteUrl: '',
};

const toOptions = (items: readonly DataListItem[]): Option[] => items.map(({ value, label }) => ({ value, label }));

type SelectFieldProps = {
  control: Control<RegisterFormValues>;
  name: 'country' | 'typology' | 'experience' | 'estimatedMonthlyRevenue';
  label: string;
  data: Option[];
};

function SelectField({ control, name, label, data }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          labelProps={REQUIRED_LABEL}
          searchable
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldErrorText(t, fieldState.error)}
        />
      )}
    />
  );
}

type MultiFieldProps = {
  control: Control<RegisterFormValues>;
  name: 'langs' | 'trafficSourceList' | 'verticals' | 'geographicAreaList';
  label: string;
  data: Option[];
};

function MultiField({ control, name, label, data }: MultiFieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          label={label}
          labelProps={REQUIRED_LABEL}
          searchable
          data={data}
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldErrorText(t, fieldState.error)}
        />
      )}
    />
  );
}

export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useRegisterOptions();
  const registerMutation = useRegisterPartner();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues, unknown, RegisterBody>({
    resolver: zodResolver(RegisterBodySchema),
    mode: 'onTouched',
    defaultValues: DEFAULT_VALUES,
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await registerMutation.mutateAsync(body);
      await navigate(paths.registerSuccess.href());
    } catch (error) {
      handleFormError(error, {
        t,
        fields: FIELDS,
        setError,
        onStatus: {
          409: () =>
            showSnackbar({ kind: 'error', message: t('register.emailExists'), delay: SNACKBAR_LOGIN_ERROR_MS }),
        },
      });
    }
  });

  if (options.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }

  const lists = options.data?.data;
  const countries = (options.data?.countries ?? []).map((c) => ({
    value: c.isoCode,
    label: c.flag ? `${c.flag} ${c.name}` : c.name,
  }));
  const languages = (options.data?.languages ?? []).map((l) => ({ value: l.code, label: l.name }));

  // The HTML maxLength mirrors the schema's limits, so the length rule never has to be shown.
  const text = (
    name: Exclude<(typeof FIELDS)[number], SelectFieldProps['name'] | MultiFieldProps['name']>,
    maxLength: number,
    required = true,
    type = 'text',
  ) => (
    <TextInput
      label={t(`register.${name}`)}
      labelProps={required ? REQUIRED_LABEL : undefined}
      maxLength={maxLength}
      type={type}
      error={fieldErrorText(t, errors[name])}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('register.intro')}
        </Text>
        <Divider label={t('register.sectionCompany')} labelPosition="left" />
        {text('companyName', 255)}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('address', 255)}
          {text('zipCode', 20)}
          {text('city', 100)}
          {text('state', 100, false)}
        </SimpleGrid>
        <SelectField control={control} name="country" label={t('register.country')} data={countries} />
        {text('websiteUrl', 2048, true, 'url')}

        <Divider label={t('register.sectionContact')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('firstname', 100)}
          {text('lastname', 100)}
          {text('email', 254, true, 'email')}
          {text('phoneNumber', 32, true, 'tel')}
          {text('telegram', 100, false)}
          {text('teams', 100, false)}
        </SimpleGrid>
        <MultiField control={control} name="langs" label={t('register.langs')} data={languages} />

        <Divider label={t('register.sectionTraffic')} labelPosition="left" />
        <MultiField
          control={control}
          name="trafficSourceList"
          label={t('register.trafficSourceList')}
          data={toOptions(lists?.trafficSourceList ?? [])}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="typology"
            label={t('register.typology')}
            data={toOptions(lists?.typologyList ?? [])}
          />
          <SelectField
            control={control}
            name="experience"
            label={t('register.experience')}
            data={toOptions(lists?.experienceList ?? [])}
          />
        </SimpleGrid>
        <MultiField
          control={control}
          name="verticals"
          label={t('register.verticals')}
          data={toOptions(lists?.verticalList ?? [])}
        />
        <SelectField
          control={control}
          name="estimatedMonthlyRevenue"
          label={t('register.estimatedMonthlyRevenue')}
          data={toOptions(lists?.estimatedMonthlyRevenueList ?? [])}
        />
        <MultiField
          control={control}
          name="geographicAreaList"
          label={t('register.geographicAreaList')}
          data={toOptions(lists?.geographicAreaList ?? [])}
        />

        <Button type="submit" fullWidth mt="sm" loading={isSubmitting}>
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={paths.login.href()}>
            {t('register.backToLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
