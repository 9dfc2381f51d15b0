import {
  FileInput,
  Image,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  AdvertiserUpdateSchema,
  EmailOrBlankSchema,
  PAYMENT_CURRENCIES,
  POSTBACK_LOG_OUTCOMES,
  PRODUCT_TYPES,
  ProductCreateSchema,
  TOKEN_GRACE_DEFAULT_HOURS,
  TOKEN_GRACE_MAX_HOURS,
  TestPostbackSchema,
  formatDate,
  formatHour,
  formatMoneyMinor,
  type PostbackLogOutcome,
  type TestPostback,
  type TestPostbackResult,
} from '@portal/contracts';
import { fieldBuilders } from '@/components/form-fields';
import { PageTitle } from '@/components/page-title';
import { WindowPagination } from '@/components/window-pagination';
import { isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form-errors';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import {
  uploadLogo,
  useAdvertiser,
  usePostbackLog,
  useRotateToken,
  useSaveProduct,
  useTestPostback,
  useUpdateAdvertiser,
  type AdvertiserData,
  type ProductRow,
} from '../api/staff-advertisers';

const when = (date: Date | null | undefined) => (date ? `${formatDate(date)} ${formatHour(date)}` : '—');

/** One advertiser (decision 041): its details, its postback token and URL, its products, its postbacks and a test. */
export function AdvertiserPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const advertiser = useAdvertiser(id);
  if (advertiser.isPending)
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (advertiser.isError || !advertiser.data)
    return (
      <Stack>
        <PageTitle>{t('screen.staffAdvertiser')}</PageTitle>
        <Text>{t('staff.advertisers.notFound')}</Text>
        <Anchor component={Link} to={paths.staffAdvertisers.href()}>
          {t('staff.advertisers.back')}
        </Anchor>
      </Stack>
    );
  const a = advertiser.data;
  return (
    <Stack gap="lg">
      <PageTitle>{a.name}</PageTitle>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Details advertiser={a} />
        <Token advertiser={a} />
      </SimpleGrid>
      <Products advertiser={a} />
      <TestPostbackCard advertiserId={a.id} />
      <PostbackLog advertiserId={a.id} />
    </Stack>
  );
}

// ---------------------------------------------------------------- details

const DetailsSchema = AdvertiserUpdateSchema.extend({ contactEmail: EmailOrBlankSchema });
type DetailsValues = z.input<typeof DetailsSchema>;
type DetailsOutput = z.output<typeof DetailsSchema>;
const DETAIL_FIELDS = ['name', 'enabled', 'contactEmail', 'currency', 'notes'] as const;

function Details({ advertiser }: { advertiser: AdvertiserData }) {
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

// ---------------------------------------------------------------- token

function Token({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const rotate = useRotateToken(advertiser.id);
  const [rotating, setRotating] = useState(false);
  const [grace, setGrace] = useState<number | string>(TOKEN_GRACE_DEFAULT_HOURS);
  return (
    <Card withBorder data-testid="staff-advertiser-token">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('staff.advertisers.postbacks')}
        </Title>
        <Text size="sm">{t('staff.advertisers.tokenHint')}</Text>
        <Text size="sm" fw={600}>
          {t('staff.advertisers.postbackUrl')}
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="staff-advertiser-postback-url">
          {advertiser.postbackUrl}
        </Code>
        <Group>
          <CopyButton value={advertiser.postbackUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('staff.advertisers.copied') : t('staff.advertisers.copyUrl')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" color="orange" variant="light" onClick={() => setRotating(true)} data-testid="staff-advertiser-rotate">
            {t('staff.advertisers.rotate')}
          </Button>
        </Group>
        {advertiser.previousTokenExpiresAt ? (
          <Alert color="yellow" data-testid="staff-advertiser-grace">
            {t('staff.advertisers.graceUntil', { date: when(advertiser.previousTokenExpiresAt) })}
          </Alert>
        ) : null}
      </Stack>
      {rotating ? (
        <Modal opened onClose={() => setRotating(false)} title={t('staff.advertisers.rotate')}>
          <Stack>
            <Text size="sm">{t('staff.advertisers.rotateHint')}</Text>
            <NumberInput
              label={t('staff.advertisers.graceHours')}
              description={t('staff.advertisers.graceHoursHint', { max: TOKEN_GRACE_MAX_HOURS })}
              min={0}
              max={TOKEN_GRACE_MAX_HOURS}
              allowDecimal={false}
              value={grace}
              onChange={setGrace}
              data-testid="staff-advertiser-grace-hours"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRotating(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="orange"
                loading={rotate.isPending}
                onClick={() =>
                  rotate.mutate(Number(grace) || 0, {
                    onSuccess: () => {
                      setRotating(false);
                      showSnackbar({ kind: 'success', message: t('staff.advertisers.rotated') });
                    },
                    onError: (error) => handleFormError(error, { t }),
                  })
                }
                data-testid="staff-advertiser-rotate-confirm"
              >
                {t('staff.advertisers.rotate')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Card>
  );
} // prettier-ignore

// ---------------------------------------------------------------- products

const ProductFormSchema = ProductCreateSchema.extend({ logoId: z.number().int().positive().nullable().optional() });
type ProductValues = z.input<typeof ProductFormSchema>;
type ProductOutput = z.output<typeof ProductFormSchema>;
const PRODUCT_FIELDS = ['identifier', 'type', 'domain', 'enabled', 'logoId', 'cross', 'coreg'] as const;

function Products({ advertiser }: { advertiser: AdvertiserData }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('staff.advertisers.products')}
          </Title>
          <Button size="xs" onClick={() => setEditing('new')} data-testid="staff-product-new">
            {t('staff.advertisers.newProduct')}
          </Button>
        </Group>
        {advertiser.products.length === 0 ? (
          <Text c="dimmed">{t('staff.advertisers.noProduct')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="staff-products-table">
              <Table.Thead>
                <Table.Tr>
                  {['identifier', 'type', 'domain', 'status', 'flags', 'offers', 'actions'].map((column) => (
                    <Table.Th key={column}>{t(`staff.advertisers.productColumns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {advertiser.products.map((p) => (
                  <Table.Tr key={p.id} data-testid="staff-product-row">
                    <Table.Td>{p.identifier}</Table.Td>
                    <Table.Td>{t(`staff.advertisers.productTypes.${p.type}`, { defaultValue: p.type })}</Table.Td>
                    <Table.Td>{p.domain}</Table.Td>
                    <Table.Td>
                      <Badge color={p.enabled ? 'green' : 'gray'} variant="light">
                        {t(p.enabled ? 'staff.advertisers.enabled' : 'staff.advertisers.disabled')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{[p.cross ? 'Cross' : null, p.coreg ? 'Co-reg' : null].filter(Boolean).join(', ') || '—'}</Table.Td>
                    <Table.Td>{p.offerCount}</Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(p)}>
                        {t('staff.advertisers.edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {editing ? (
        <ProductForm advertiserId={advertiser.id} product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Card>
  );
} // prettier-ignore

function ProductForm({ advertiserId, product, onClose }: { advertiserId: number; product: ProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProduct(advertiserId);
  const [logoError, setLogoError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductValues, unknown, ProductOutput>({
    resolver: zodResolver(ProductFormSchema),
    mode: 'onTouched',
    defaultValues: product
      ? { identifier: product.identifier, type: product.type as ProductValues['type'], domain: product.domain, enabled: product.enabled, logoId: product.logoId, cross: product.cross, coreg: product.coreg }
      : { identifier: '', type: 'web', domain: '', enabled: true, logoId: null, cross: false, coreg: false },
  });
  const { text, select } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.productFields', testIds: 'staff-product' });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: product?.id ?? null, body: values });
      showSnackbar({ kind: 'success', message: t('staff.advertisers.productSaved') });
      onClose();
    } catch (error) {
      handleFormError(error, { t, fields: PRODUCT_FIELDS, setError });
    }
  });
  const flag = (name: 'enabled' | 'cross' | 'coreg') => (
    <Controller control={control} name={name} render={({ field }) => (
      <Switch label={t(`staff.advertisers.productFields.${name}`)} checked={Boolean(field.value)} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid={`staff-product-${name}`} />
    )} />
  );
  return (
    <Modal opened onClose={onClose} title={product ? t('staff.advertisers.editProduct', { name: product.identifier }) : t('staff.advertisers.newProduct')}>
      <form onSubmit={onSubmit} noValidate data-testid="staff-product-form">
        <Stack gap="sm">
          {text('identifier', 64, { required: true, description: t('staff.advertisers.identifierHint') })}
          {select('type', PRODUCT_TYPES.map((value) => ({ value, label: t(`staff.advertisers.productTypes.${value}`) })), { typeAhead: true, allowDeselect: false })}
          {text('domain', 253, { required: true, description: t('staff.advertisers.domainHint') })}
          <Controller control={control} name="logoId" render={({ field }) => (
            <Group align="flex-end">
              <FileInput
                label={t('staff.advertisers.productFields.logoId')}
                accept="image/png,image/jpeg"
                clearable
                error={logoError ?? errors.logoId?.message}
                onChange={async (file) => {
                  setLogoError(null);
                  if (!file) return field.onChange(null);
                  if (isTooLarge(file)) return setLogoError(t('staff.offers.imageTooLarge'));
                  try {
                    field.onChange((await uploadLogo(await readAsUpload(file))).id);
                  } catch (error) {
                    setLogoError((isApiRequestError(error) && error.errors?.['image.data']) || t('errors.generic'));
                  }
                }}
                w={280}
                data-testid="staff-product-logo"
              />
              {field.value ? <Image src={`/api/v1/image/${field.value}`} alt={t('staff.advertisers.logoAlt')} h={40} w="auto" fit="contain" data-testid="staff-product-logo-preview" /> : null}
            </Group>
          )} />
          <Group>
            {flag('enabled')}
            {flag('cross')}
            {flag('coreg')}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="staff-product-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
} // prettier-ignore

// ---------------------------------------------------------------- test postback

const TEST_FIELDS = ['click_id', 'goal', 'amount', 'transaction_id'] as const;
const TestFormSchema = TestPostbackSchema.extend({
  amount: z
    .string()
    .refine((v) => v === '' || /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: 'pattern' })
    .optional(),
});
type TestValues = z.input<typeof TestFormSchema>;

function TestPostbackCard({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation();
  const test = useTestPostback(advertiserId);
  const [result, setResult] = useState<TestPostbackResult | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestValues>({ resolver: zodResolver(TestFormSchema), mode: 'onTouched', defaultValues: { click_id: '', goal: '', amount: '', transaction_id: '' } });
  const { text } = fieldBuilders({ t, control, register, errors, labels: 'staff.advertisers.testFields', testIds: 'staff-test-postback' });
  const onSubmit = handleSubmit(async ({ amount, transaction_id: transactionId, ...values }) => {
    const body: TestPostback = { ...values, ...(amount ? { amount } : {}), ...(transactionId ? { transaction_id: transactionId } : {}) };
    try {
      setResult((await test.mutateAsync(body)).data);
    } catch (error) {
      handleFormError(error, { t, fields: TEST_FIELDS, setError });
    }
  });
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate data-testid="staff-test-postback">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('staff.advertisers.test')}
          </Title>
          <Text size="sm">{t('staff.advertisers.testHint')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            {text('click_id', 64, { required: true })}
            {text('goal', 64, { required: true })}
            {text('amount', 14)}
            {text('transaction_id', 255)}
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="light" loading={isSubmitting} data-testid="staff-test-postback-send">
              {t('staff.advertisers.testSend')}
            </Button>
            {result ? (
              <Text size="sm" data-testid="staff-test-postback-result">
                {t('staff.advertisers.testResult', {
                  status: result.status,
                  reason: result.reason ?? '—',
                  payout: result.currency ? formatMoneyMinor(result.payout, result.currency) : '—',
                })}
                {result.duplicate ? ` ${t('staff.advertisers.testDuplicate')}` : ''}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Card>
  );
} // prettier-ignore

// ---------------------------------------------------------------- the postback log

const OUTCOME_COLORS: Record<PostbackLogOutcome, string> = {
  recorded: 'green',
  invalid: 'red',
  wrong_token: 'red',
  test: 'blue',
};
const LOG_PAGE = 50;

function PostbackLog({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<PostbackLogOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  const log = usePostbackLog(advertiserId, outcome === 'all' ? null : outcome, page, LOG_PAGE);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('staff.advertisers.log')}
          </Title>
          <SegmentedControl
            size="xs"
            value={outcome}
            onChange={(value) => {
              setOutcome(value as PostbackLogOutcome | 'all');
              setPage(1);
            }}
            data={[{ value: 'all', label: t('staff.partners.all') }, ...POSTBACK_LOG_OUTCOMES.map((value) => ({ value, label: t(`staff.advertisers.outcomes.${value}`) }))]}
            data-testid="staff-postback-log-filter"
          />
        </Group>
        {log.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : log.isError || !log.data ? (
          <Text c="red">{t('errors.generic')}</Text>
        ) : log.data.list.length === 0 ? (
          <Text c="dimmed" data-testid="staff-postback-log-empty">{t('staff.advertisers.noPostback')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped data-testid="staff-postback-log">
                <Table.Thead>
                  <Table.Tr>
                    {['when', 'outcome', 'status', 'reason', 'params', 'ip'].map((column) => (
                      <Table.Th key={column}>{t(`staff.advertisers.logColumns.${column}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.list.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="staff-postback-log-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(entry.createdAt)}</Table.Td>
                      <Table.Td>
                        <Badge color={OUTCOME_COLORS[entry.outcome]} variant="light">
                          {t(`staff.advertisers.outcomes.${entry.outcome}`)}
                        </Badge>
                        {entry.duplicate ? <Badge ml={4} variant="outline">{t('staff.advertisers.repeat')}</Badge> : null}
                      </Table.Td>
                      <Table.Td>{entry.status ?? '—'}</Table.Td>
                      <Table.Td>{entry.reason ?? ''}</Table.Td>
                      <Table.Td>
                        <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                          {Object.entries(entry.params).map(([k, v]) => `${k}=${v}`).join('&')}
                        </Code>
                      </Table.Td>
                      <Table.Td>{entry.ip ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <WindowPagination page={page} totalPages={Math.ceil(log.data.total / LOG_PAGE)} onChange={setPage} label={t('staff.advertisers.logPages')} testId="staff-postback-log-pages" />
          </>
        )}
      </Stack>
    </Card>
  );
} // prettier-ignore
