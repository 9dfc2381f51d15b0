import { Anchor, Button, Center, Divider, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  RegisterBodySchema,
  SNACKBAR_LOGIN_ERROR_MS,
  timezoneForBrowserOffset,
  type DataListItem,
  type RegisterBody,
  type RegisterForm as RegisterFormValues,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { renderCountryOption } from '@/components/country-flag';
import { handleFormError } from '@/lib/form-errors';
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
      // The browser's zone is the partner's from the start (decision 092); Settings shows it and changes it.
      await registerMutation.mutateAsync({
        ...body,
        timezone: timezoneForBrowserOffset(new Date().getTimezoneOffset()),
      });
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
  const countries = (options.data?.countries ?? []).map((c) => ({ value: c.isoCode, label: c.name }));
  const languages = (options.data?.languages ?? []).map((l) => ({ value: l.code, label: l.name }));

  // The HTML maxLength mirrors the schema's limits, so the length rule never has to be shown.
  const { text, select, multiSelect } = fieldBuilders({
    t,
    control,
    register,
    errors,
    labels: 'register',
    required: true,
  });

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
          {text('state', 100, { required: false })}
        </SimpleGrid>
        {select('country', countries, { renderOption: renderCountryOption })}
        {text('websiteUrl', 2048, { type: 'url' })}

        <Divider label={t('register.sectionContact')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('firstname', 100)}
          {text('lastname', 100)}
          {text('email', 254, { type: 'email' })}
          {text('phoneNumber', 32, { type: 'tel' })}
          {text('telegram', 100, { required: false })}
          {text('teams', 100, { required: false })}
        </SimpleGrid>
        {multiSelect('langs', languages)}

        <Divider label={t('register.sectionTraffic')} labelPosition="left" />
        {multiSelect('trafficSourceList', toOptions(lists?.trafficSourceList ?? []))}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {select('typology', toOptions(lists?.typologyList ?? []))}
          {select('experience', toOptions(lists?.experienceList ?? []))}
        </SimpleGrid>
        {multiSelect('verticals', toOptions(lists?.verticalList ?? []))}
        {select('estimatedMonthlyRevenue', toOptions(lists?.estimatedMonthlyRevenueList ?? []))}
        {multiSelect('geographicAreaList', toOptions(lists?.geographicAreaList ?? []))}

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
