import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  FileInput,
  Grid,
  Group,
  Image,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CLICK_MACROS,
  CONVERSION_TYPES,
  OFFER_DESCRIPTION_MAX,
  OFFER_URL_MAX_LENGTH,
  OfferCreateSchema,
  PAYMENT_CURRENCIES,
  decimalText,
  expandClickUrl,
  formatPayout,
  negativeMargin,
  parseBasisPoints,
  parseMinorUnits,
  staffEndpoints,
  type OfferCreate,
} from '@portal/contracts';
import { renderCountryOption } from '@/components/country-flag';
import { CountryFlags } from '@/components/country-flags';
import { PayoutOverrides } from './payout-overrides';
import { OfferCaps } from './offer-caps';
import { OfferCreatives } from './offer-creatives';
import { SafeHtml } from '@/components/safe-html';
import { api, isApiRequestError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import {
  uploadOfferImage,
  useCatalogueOptions,
  useSaveOffer,
  useStaffOffer,
  type CatalogueOptionsData,
  type StaffOfferData,
} from '../api/staff-offers';
import { staffOfferKeys } from '../api/keys';

/** One goal as the editor holds it: amounts and percents as typed. */
type GoalDraft = {
  goal: string;
  revenueAmount: string;
  revenuePercent: string;
  payoutAmount: string;
  payoutPercent: string;
  allowNegativeMargin: boolean;
  manualValidation: boolean;
  private: boolean;
  /** Other tiers (p2 …), payout as typed. */
  types: { type: string; payoutAmount: string; payoutPercent: string }[];
};

type Draft = {
  name: string;
  productId: string;
  conversionType: string;
  currency: string;
  defaultUrl: string;
  previewUrl: string;
  fallbackUrl: string;
  descriptionHtml: string;
  countries: string[];
  verticals: string[];
  private: boolean;
  allowedPartnerIds: string[];
  requireApproval: boolean;
  enabled: boolean;
  geoTargeting: boolean;
  startsAt: string;
  endsAt: string;
  imageId: number | null;
  image: string | null;
  goals: GoalDraft[];
};

const emptyGoal = (goal = ''): GoalDraft => ({
  goal,
  revenueAmount: '',
  revenuePercent: '',
  payoutAmount: '',
  payoutPercent: '',
  allowNegativeMargin: false,
  manualValidation: false,
  private: false,
  types: [],
});

/** A datetime-local value (the browser's zone) from a date, and back. */
const toLocalInput = (date: Date | null) =>
  date ? new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);
const bp = (value: number | null) => decimalText(value, 2);

function draftOf(offer: StaffOfferData | null): Draft {
  if (!offer)
    return {
      name: '',
      productId: '',
      conversionType: 'cpa',
      currency: 'EUR',
      defaultUrl: 'https://',
      previewUrl: '',
      fallbackUrl: '',
      descriptionHtml: '',
      countries: [],
      verticals: [],
      private: false,
      allowedPartnerIds: [],
      requireApproval: false,
      enabled: true,
      geoTargeting: true,
      startsAt: '',
      endsAt: '',
      imageId: null,
      image: null,
      goals: [emptyGoal('registration')],
    };
  return {
    name: offer.name,
    productId: String(offer.productId),
    conversionType: offer.conversionType,
    currency: offer.currency,
    defaultUrl: offer.defaultUrl,
    previewUrl: offer.previewUrl ?? '',
    fallbackUrl: offer.fallbackUrl ?? '',
    descriptionHtml: offer.descriptionHtml,
    countries: offer.countries,
    verticals: offer.verticals.map(String),
    private: offer.private,
    allowedPartnerIds: offer.allowedPartnerIds.map(String),
    requireApproval: offer.requireApproval,
    enabled: offer.enabled,
    geoTargeting: offer.geoTargeting,
    startsAt: toLocalInput(offer.startsAt),
    endsAt: toLocalInput(offer.endsAt),
    imageId: offer.imageId,
    image: offer.image,
    goals: offer.goals.map((g) => ({
      goal: g.goal,
      revenueAmount: decimalText(g.revenueAmount),
      revenuePercent: bp(g.revenuePercent),
      payoutAmount: decimalText(g.payoutAmount),
      payoutPercent: bp(g.payoutPercent),
      allowNegativeMargin: g.allowNegativeMargin,
      manualValidation: g.manualValidation,
      private: g.private,
      types: g.types.map((tier) => ({ type: tier.type, payoutAmount: decimalText(tier.payoutAmount), payoutPercent: bp(tier.payoutPercent) })), // prettier-ignore
    })),
  };
}

/** The body POST and PUT take; amounts in minor units of the offer's currency, percents in basis points. */
function bodyOf(d: Draft): OfferCreate {
  const money = (text: string) => parseMinorUnits(text, d.currency);
  return {
    name: d.name,
    productId: Number(d.productId) || 0,
    conversionType: d.conversionType as OfferCreate['conversionType'],
    currency: d.currency as OfferCreate['currency'],
    defaultUrl: d.defaultUrl,
    previewUrl: d.previewUrl.trim() || null,
    fallbackUrl: d.fallbackUrl.trim() || null,
    descriptionHtml: d.descriptionHtml,
    countries: d.countries,
    verticals: d.verticals.map(Number),
    private: d.private,
    allowedPartnerIds: d.private ? d.allowedPartnerIds.map(Number) : [],
    requireApproval: d.requireApproval,
    enabled: d.enabled,
    geoTargeting: d.geoTargeting,
    startsAt: fromLocalInput(d.startsAt),
    endsAt: fromLocalInput(d.endsAt),
    imageId: d.imageId,
    goals: d.goals.map((g) => ({
      goal: g.goal,
      revenueAmount: money(g.revenueAmount),
      revenuePercent: parseBasisPoints(g.revenuePercent),
      payoutAmount: money(g.payoutAmount),
      payoutPercent: parseBasisPoints(g.payoutPercent),
      allowNegativeMargin: g.allowNegativeMargin,
      manualValidation: g.manualValidation,
      private: g.private,
      types: g.types.map((tier) => ({ type: tier.type, payoutAmount: money(tier.payoutAmount), payoutPercent: parseBasisPoints(tier.payoutPercent) })), // prettier-ignore
    })),
  };
}

/** The contract's own check, its messages translated and keyed by path as the server's are. */
function checkDraft(t: TFunction, body: OfferCreate): Record<string, string> {
  const parsed = OfferCreateSchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    const params = (issue as { params?: { macros?: string[] } }).params;
    errors[key] ??= t(`formError.${issue.message}`, {
      defaultValue: t('formError.type'),
      macros: params?.macros?.join(', ') ?? '',
      n: 'maximum' in issue ? Number(issue.maximum) : 'minimum' in issue ? Number(issue.minimum) : '',
    });
  }
  return errors;
}

/** The offer editor (decision 044): every field, goals with revenue beside payout, a live preview of the partner's view. */
export function OfferEditor({
  id,
  canWrite,
  canOverride = canWrite,
  canCapOffer = canWrite,
}: {
  id: number | null;
  canWrite: boolean;
  canOverride?: boolean;
  /** Administrators and team managers cap the whole offer (decision 045). */
  canCapOffer?: boolean;
}) {
  const { t } = useTranslation();
  const offer = useStaffOffer(id);
  const options = useCatalogueOptions();
  if ((id !== null && offer.isPending) || options.isPending) return <Loader aria-label={t('common.loading')} />;
  if (offer.isError || options.isError || !options.data) {
    return (
      <Text c="red">{isApiRequestError(offer.error, 404) ? t('staff.offers.notFound') : t('errors.generic')}</Text>
    );
  }
  return (
    <Stack gap="xl">
      <EditorForm key={id ?? 'new'} offer={offer.data ?? null} options={options.data} canWrite={canWrite} />
      {offer.data ? (
        <PayoutOverrides
          offerId={offer.data.id}
          currency={offer.data.currency}
          goals={offer.data.goals.map((g) => ({ identifier: g.goal, name: g.name }))}
          canWrite={canOverride}
        />
      ) : null}
      {offer.data ? (
        <OfferCaps
          offerId={offer.data.id}
          currency={offer.data.currency}
          canWrite={canOverride}
          canCapOffer={canCapOffer}
        />
      ) : null}
      {offer.data ? <OfferCreatives offerId={offer.data.id} canWrite={canWrite} /> : null}
    </Stack>
  );
}

function EditorForm({ offer, options, canWrite }: { offer: StaffOfferData | null; options: CatalogueOptionsData; canWrite: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const save = useSaveOffer();
  const [draft, setDraft] = useState<Draft>(() => draftOf(offer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [partnerSearch, setPartnerSearch] = useState('');
  const [debounced] = useDebouncedValue(partnerSearch, 250);
  const [partnerLabels, setPartnerLabels] = useState<Record<string, string>>(
    Object.fromEntries((offer?.allowedPartners ?? []).map((p) => [String(p.id), `${p.name} #${p.id}`])),
  );
  const partners = useQuery({
    queryKey: staffOfferKeys.partnerSearch('partners', debounced),
    enabled: draft.private,
    queryFn: async () =>
      ((await api.call(staffEndpoints.listPartners, { query: { page: 1, count: 20, ...(debounced ? { q: debounced } : {}) } })).data ?? []).map((p) => ({ value: String(p.id), label: `${p.companyName} #${p.id}` })), // prettier-ignore
  });
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const setGoal = (index: number, patch: Partial<GoalDraft>) =>
    setDraft((d) => ({ ...d, goals: d.goals.map((g, i) => (i === index ? { ...g, ...patch } : g)) }));

  const body = bodyOf(draft);
  const product = options.products.find((p) => String(p.id) === draft.productId);
  const partnerOptions = [...(partners.data ?? [])];
  for (const value of draft.allowedPartnerIds)
    if (!partnerOptions.some((o) => o.value === value)) partnerOptions.push({ value, label: partnerLabels[value] ?? `#${value}` });

  const submit = async () => {
    const found = checkDraft(t, body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showSnackbar({ kind: 'error', message: t('staff.offers.fixErrors') });
      return;
    }
    setBusy(true);
    try {
      const { data } = await save.mutateAsync({ id: offer?.id ?? null, body });
      showSnackbar({ kind: 'success', message: t(offer ? 'staff.offers.saved' : 'staff.offers.created', { name: data.name }) });
      if (!offer) await navigate(paths.staffOffer.href(data.id));
    } catch (error) {
      if (isApiRequestError(error) && error.errors) setErrors(error.errors);
      showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : t('errors.generic') });
    } finally {
      setBusy(false);
    }
  };

  const text = (field: 'name' | 'defaultUrl' | 'previewUrl' | 'fallbackUrl', extra: { required?: boolean; description?: string } = {}) => (
    <TextInput
      label={t(`staff.offers.fields.${field}`)}
      withAsterisk={extra.required}
      description={extra.description}
      maxLength={field === 'name' ? 255 : OFFER_URL_MAX_LENGTH}
      value={draft[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
      data-testid={`staff-offer-${field}`}
    />
  );
  const goalLabel = (identifier: string) => options.goals.find((g) => g.identifier === identifier)?.name ?? identifier;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <fieldset disabled={!canWrite || busy} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm" data-testid="staff-offer-editor">
            <Group justify="space-between">
              <Anchor component={Link} to={paths.staffOffers.href()}>
                {t('staff.offers.back')}
              </Anchor>
              {offer ? <Text c="dimmed" size="sm">#{offer.id} · {offer.advertiser.name}</Text> : null}
            </Group>
            {text('name', { required: true })}
            <Group grow align="flex-start">
              <Select
                label={t('staff.offers.fields.productId')}
                withAsterisk
                searchable
                data={options.products.map((p) => ({ value: String(p.id), label: `${p.advertiser.name} · ${p.identifier}${p.enabled && p.advertiser.enabled ? '' : ` (${t('staff.offers.disabled')})`}` }))}
                value={draft.productId || null}
                onChange={(value) => {
                  const picked = options.products.find((p) => String(p.id) === value);
                  setDraft((d) => ({ ...d, productId: value ?? '', currency: offer ? d.currency : (picked?.advertiser.currency ?? d.currency) }));
                }}
                error={errors.productId}
                data-testid="staff-offer-product"
              />
              <Select label={t('staff.offers.fields.conversionType')} data={CONVERSION_TYPES.map((value) => ({ value, label: value.toUpperCase() }))} value={draft.conversionType} onChange={(value) => set('conversionType', value ?? 'cpa')} allowDeselect={false} error={errors.conversionType} data-testid="staff-offer-conversion-type" />
              <Select label={t('staff.offers.fields.currency')} data={[...PAYMENT_CURRENCIES]} value={draft.currency} onChange={(value) => set('currency', value ?? 'EUR')} allowDeselect={false} error={errors.currency} data-testid="staff-offer-currency" />
            </Group>
            {text('defaultUrl', { required: true, description: t('staff.offers.macrosHint', { macros: CLICK_MACROS.map((m) => `{${m}}`).join(' ') }) })}
            {text('previewUrl')}
            {text('fallbackUrl', { description: t('staff.offers.fallbackHint') })}
            <Textarea label={t('staff.offers.fields.descriptionHtml')} description={t('staff.offers.descriptionHint')} maxLength={OFFER_DESCRIPTION_MAX} autosize minRows={4} value={draft.descriptionHtml} onChange={(e) => set('descriptionHtml', e.currentTarget.value)} error={errors.descriptionHtml} data-testid="staff-offer-description" />
            <MultiSelect label={t('staff.offers.fields.countries')} description={t('staff.offers.countriesHint')} searchable data={config.countries.map((c) => ({ value: c.isoCode, label: `${c.name} (${c.isoCode})` }))} value={draft.countries} onChange={(value) => set('countries', value)} renderOption={renderCountryOption} error={Object.entries(errors).find(([k]) => k.startsWith('countries'))?.[1]} data-testid="staff-offer-countries" />
            <Switch label={t('staff.offers.fields.geoTargeting')} checked={draft.geoTargeting} onChange={(e) => set('geoTargeting', e.currentTarget.checked)} data-testid="staff-offer-geo" />
            <MultiSelect label={t('staff.offers.fields.verticals')} searchable data={options.verticals.map((v) => ({ value: String(v.id), label: v.name }))} value={draft.verticals} onChange={(value) => set('verticals', value)} error={Object.entries(errors).find(([k]) => k.startsWith('verticals'))?.[1]} data-testid="staff-offer-verticals" />
            <Group grow>
              <TextInput type="datetime-local" label={t('staff.offers.fields.startsAt')} value={draft.startsAt} onChange={(e) => set('startsAt', e.currentTarget.value)} error={errors.startsAt} data-testid="staff-offer-starts" />
              <TextInput type="datetime-local" label={t('staff.offers.fields.endsAt')} value={draft.endsAt} onChange={(e) => set('endsAt', e.currentTarget.value)} error={errors.endsAt} data-testid="staff-offer-ends" />
            </Group>
            <Group>
              <Switch label={t('staff.offers.fields.enabled')} checked={draft.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} data-testid="staff-offer-enabled" />
              <Switch label={t('staff.offers.fields.requireApproval')} checked={draft.requireApproval} onChange={(e) => set('requireApproval', e.currentTarget.checked)} data-testid="staff-offer-approval" />
              <Switch label={t('staff.offers.fields.private')} checked={draft.private} onChange={(e) => set('private', e.currentTarget.checked)} data-testid="staff-offer-private" />
            </Group>
            {draft.private ? (
              <MultiSelect
                label={t('staff.offers.fields.allowedPartnerIds')}
                description={t('staff.offers.allowListHint')}
                searchable
                searchValue={partnerSearch}
                onSearchChange={setPartnerSearch}
                filter={({ options: all }) => all}
                data={partnerOptions}
                value={draft.allowedPartnerIds}
                onChange={(next) => {
                  setPartnerLabels((current) => ({ ...current, ...Object.fromEntries(partnerOptions.map((o) => [o.value, o.label])) }));
                  set('allowedPartnerIds', next);
                }}
                error={Object.entries(errors).find(([k]) => k.startsWith('allowedPartnerIds'))?.[1]}
                data-testid="staff-offer-allow-list"
              />
            ) : null}
            <Group align="flex-end">
              <FileInput
                label={t('staff.offers.fields.imageId')}
                accept="image/png,image/jpeg"
                clearable
                error={errors.imageId}
                onChange={async (file) => {
                  setErrors((current) => ({ ...current, imageId: '' }));
                  if (!file) return setDraft((d) => ({ ...d, imageId: null, image: null }));
                  if (isTooLarge(file)) return setErrors((current) => ({ ...current, imageId: t('staff.offers.imageTooLarge') }));
                  try {
                    const stored = await uploadOfferImage({ kind: 'offer', image: await readAsUpload(file) });
                    setDraft((d) => ({ ...d, imageId: stored.id, image: stored.url }));
                  } catch (error) {
                    setErrors((current) => ({ ...current, imageId: (isApiRequestError(error) && error.errors?.['image.data']) || t('errors.generic') }));
                  }
                }}
                w={320}
                data-testid="staff-offer-image"
              />
              {draft.image ? <Image src={draft.image} alt={t('staff.offers.imageAlt')} h={60} w="auto" fit="contain" data-testid="staff-offer-image-preview" /> : null}
            </Group>

            <Title order={3} size="h4" mt="md">
              {t('staff.offers.goals')}
            </Title>
            {errors.goals ? <Text c="red" size="sm">{errors.goals}</Text> : null}
            {draft.goals.map((goal, index) => (
              <GoalEditor key={index} index={index} goal={goal} options={options} currency={draft.currency} errors={errors} onChange={(patch) => setGoal(index, patch)} onRemove={draft.goals.length > 1 ? () => setDraft((d) => ({ ...d, goals: d.goals.filter((_, i) => i !== index) })) : null} />
            ))}
            <Group>
              <Button variant="light" onClick={() => setDraft((d) => ({ ...d, goals: [...d.goals, emptyGoal(options.goals.find((g) => !d.goals.some((x) => x.goal === g.identifier))?.identifier ?? '')] }))} data-testid="staff-offer-add-goal">
                {t('staff.offers.addGoal')}
              </Button>
            </Group>
            {canWrite ? (
              <Group justify="flex-end">
                <Button onClick={() => void submit()} loading={busy} data-testid="staff-offer-save">
                  {offer ? t('common.save') : t('staff.offers.create')}
                </Button>
              </Group>
            ) : (
              <Alert color="gray">{t('staff.offers.readOnly')}</Alert>
            )}
          </Stack>
        </fieldset>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Preview offerId={offer?.id ?? null} draft={draft} body={body} productName={product ? `${product.advertiser.name} · ${product.identifier}` : '—'} goalLabel={goalLabel} />
      </Grid.Col>
    </Grid>
  );
} // prettier-ignore

function GoalEditor({
  index,
  goal,
  options,
  currency,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  goal: GoalDraft;
  options: CatalogueOptionsData;
  currency: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<GoalDraft>) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const at = (field: string) => errors[`goals.${index}.${field}`];
  const money = (text: string) => parseMinorUnits(text, currency);
  const loss = negativeMargin({
    revenueAmount: money(goal.revenueAmount),
    revenuePercent: parseBasisPoints(goal.revenuePercent),
    payoutAmount: money(goal.payoutAmount),
    payoutPercent: parseBasisPoints(goal.payoutPercent),
  });
  const field = (name: 'revenueAmount' | 'revenuePercent' | 'payoutAmount' | 'payoutPercent') => (
    <TextInput
      label={t(`staff.offers.goal.${name}`, { currency })}
      inputMode="decimal"
      value={goal[name]}
      onChange={(e) => onChange({ [name]: e.currentTarget.value })}
      error={at(name)}
      data-testid={`staff-offer-goal-${index}-${name}`}
    />
  );
  return (
    <Paper withBorder p="sm" data-testid="staff-offer-goal">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Select label={t('staff.offers.goal.goal')} data={options.goals.map((g) => ({ value: g.identifier, label: g.name }))} value={goal.goal || null} onChange={(value) => onChange({ goal: value ?? '' })} error={at('goal')} allowDeselect={false} data-testid={`staff-offer-goal-${index}-goal`} />
          {onRemove ? (
            <Button variant="subtle" color="red" onClick={onRemove}>
              {t('staff.offers.removeGoal')}
            </Button>
          ) : null}
        </Group>
        <Group grow align="flex-start">
          {field('revenueAmount')}
          {field('revenuePercent')}
          {field('payoutAmount')}
          {field('payoutPercent')}
        </Group>
        {loss ? (
          <Alert color={goal.allowNegativeMargin ? 'yellow' : 'red'} data-testid={`staff-offer-goal-${index}-loss`}>
            {t('staff.offers.goal.negativeMargin')}
          </Alert>
        ) : null}
        <Group>
          <Checkbox label={t('staff.offers.goal.allowNegativeMargin')} checked={goal.allowNegativeMargin} onChange={(e) => onChange({ allowNegativeMargin: e.currentTarget.checked })} data-testid={`staff-offer-goal-${index}-allow-loss`} />
          <Checkbox label={t('staff.offers.goal.manualValidation')} checked={goal.manualValidation} onChange={(e) => onChange({ manualValidation: e.currentTarget.checked })} />
          <Checkbox label={t('staff.offers.goal.private')} checked={goal.private} onChange={(e) => onChange({ private: e.currentTarget.checked })} />
        </Group>
        {goal.types.map((tier, j) => (
          <Group key={j} grow align="flex-start">
            <Select label={t('staff.offers.goal.tier')} data={options.goalTypes.filter((g) => g.identifier !== 'p1').map((g) => ({ value: g.identifier, label: `${g.identifier} · ${g.name}` }))} value={tier.type || null} onChange={(value) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, type: value ?? '' } : x)) })} error={errors[`goals.${index}.types.${j}.type`]} />
            <TextInput label={t('staff.offers.goal.payoutAmount', { currency })} value={tier.payoutAmount} onChange={(e) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, payoutAmount: e.currentTarget.value } : x)) })} error={errors[`goals.${index}.types.${j}.payoutAmount`]} />
            <TextInput label={t('staff.offers.goal.payoutPercent')} value={tier.payoutPercent} onChange={(e) => onChange({ types: goal.types.map((x, k) => (k === j ? { ...x, payoutPercent: e.currentTarget.value } : x)) })} />
            <Button variant="subtle" color="red" mt={24} onClick={() => onChange({ types: goal.types.filter((_, k) => k !== j) })}>
              {t('staff.offers.removeTier')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange({ types: [...goal.types, { type: 'p2', payoutAmount: '', payoutPercent: '' }] })}>
            {t('staff.offers.addTier')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
} // prettier-ignore

/** What the partner will see (the spec's offer detail: payout per goal, countries, description) and a sample link. */
function Preview({ offerId, draft, body, productName, goalLabel }: { offerId: number | null; draft: Draft; body: OfferCreate; productName: string; goalLabel: (id: string) => string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const sampleLink = `${window.location.origin}/click?offer_id=${offerId ?? t('staff.offers.newId')}&aff_id=1001&subid=summer-banner`;
  return (
    <Stack gap="sm" pos="sticky" top={16} data-testid="staff-offer-preview">
      <Title order={2} size="h4">
        {t('staff.offers.preview')}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="xs">
          {draft.image ? <Image src={draft.image} alt="" h={80} w="auto" fit="contain" /> : null}
          <Text fw={700}>{draft.name || t('staff.offers.untitled')}</Text>
          <Group gap="xs">
            <Badge variant="light">{draft.conversionType.toUpperCase()}</Badge>
            {draft.private ? <Badge color="grape" variant="light">{t('staff.offers.fields.private')}</Badge> : null}
            {draft.requireApproval ? <Badge color="yellow" variant="light">{t('staff.offers.fields.requireApproval')}</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">{productName}</Text>
          {draft.countries.length > 0 ? <CountryFlags codes={draft.countries} nameOf={(code) => config.countries.find((c) => c.isoCode === code)?.name ?? code} /> : <Text size="sm">{t('staff.offers.everyCountry')}</Text>}
          <Table withTableBorder data-testid="staff-offer-preview-goals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.offers.goal.goal')}</Table.Th>
                <Table.Th>{t('staff.offers.previewPayout')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {body.goals.map((g, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{goalLabel(g.goal)}</Table.Td>
                  <Table.Td>{formatPayout({ amount: Number.isFinite(g.payoutAmount) ? (g.payoutAmount ?? null) : null, percent: Number.isFinite(g.payoutPercent) ? (g.payoutPercent ?? null) : null, currency: draft.currency })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {draft.descriptionHtml ? <SafeHtml html={draft.descriptionHtml} data-testid="staff-offer-preview-description" /> : null}
        </Stack>
      </Paper>
      <Text size="sm" fw={600}>{t('staff.offers.previewLink')}</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="staff-offer-preview-link">{sampleLink}</Code>
      <Text size="sm" fw={600}>{t('staff.offers.previewLanding')}</Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="staff-offer-preview-landing">{expandClickUrl(draft.defaultUrl)}</Code>
    </Stack>
  );
} // prettier-ignore
