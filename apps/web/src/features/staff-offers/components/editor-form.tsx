import { Alert, Anchor, Button, Group, Image, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DeferredMultiSelect, DeferredSelect } from '@/components/deferred-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CLICK_MACROS,
  CONVERSION_TYPES,
  OFFER_DESCRIPTION_MAX,
  OFFER_URL_MAX_LENGTH,
  PAYMENT_CURRENCIES,
} from '@portal/contracts';
import { renderCountryOption } from '@/components/country-flag';
import { DateTimeInput } from '@/components/date-time-input';
import { useUpload } from '@/components/upload-progress';
import { isApiRequestError } from '@/lib/api-client';
import { useConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { showSnackbar } from '@/lib/snackbar';
import { useSaveOffer } from '../api/save-offer';
import { type CatalogueOptionsData } from '../api/get-catalogue-options';
import { type StaffOfferData } from '../api/get-staff-offer';
import { bodyOf, draftOf, emptyGoal, type Draft, type GoalDraft } from './offer-draft';
import { DuplicateButton, useUnsaved } from './duplicate-button';
import { GoalEditor } from './goal-editor';
import { OfferAllowList } from './offer-allow-list';
import { Preview } from './offer-preview';
import { PictureInput } from './picture-input';
import { loadOnce } from '@/lib/load-once';
import './editor-form.css';

/** The contract's check of the offer (zod): asked for when the editor is approached, awaited by Save (decision 129). */
const offerCheck = loadOnce(() => import('./offer-check'));

export function EditorForm({ offer, options, canWrite }: { offer: StaffOfferData | null; options: CatalogueOptionsData; canWrite: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const save = useSaveOffer();
  const [draft, setDraft] = useState<Draft>(() => draftOf(offer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const upload = useUpload();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const setGoal = (index: number, patch: Partial<GoalDraft>) =>
    setDraft((d) => ({ ...d, goals: d.goals.map((g, i) => (i === index ? { ...g, ...patch } : g)) }));

  const body = bodyOf(draft);
  const { unsaved, markSaved } = useUnsaved(offer, body);
  const product = options.products.find((p) => String(p.id) === draft.productId);

  // A pointer near the editor or the focus in it: the check (zod) and the description's HTML preview are asked for.
  const [approached, setApproached] = useState(false);
  const approach = () => {
    offerCheck.preload();
    setApproached(true);
  };

  const submit = async () => {
    // The press waits for the contract's check (the button busy), never saves without it; should it not come (the
    // server gone), the press is forgotten and the next one asks again.
    setBusy(true);
    let checkDraft;
    try {
      ({ checkDraft } = await offerCheck.load());
    } catch {
      setBusy(false);
      showSnackbar({ kind: 'error', message: t('errors.generic') });
      return;
    }
    const found = checkDraft(t, body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setBusy(false);
      showSnackbar({ kind: 'error', message: t('staff.offers.fixErrors') });
      return;
    }
    try {
      const { data } = await save.mutateAsync({ id: offer?.id ?? null, body }); markSaved();
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
    <div className="offer-editor-grid" onPointerEnter={approach} onFocus={approach}>
      <div>
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
              <DeferredSelect
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
              <DeferredSelect label={t('staff.offers.fields.conversionType')} data={CONVERSION_TYPES.map((value) => ({ value, label: value.toUpperCase() }))} value={draft.conversionType} onChange={(value) => set('conversionType', value ?? 'cpa')} allowDeselect={false} error={errors.conversionType} data-testid="staff-offer-conversion-type" />
              <DeferredSelect label={t('staff.offers.fields.currency')} data={[...PAYMENT_CURRENCIES]} value={draft.currency} onChange={(value) => set('currency', value ?? 'EUR')} allowDeselect={false} error={errors.currency} data-testid="staff-offer-currency" />
            </Group>
            {text('defaultUrl', { required: true, description: t('staff.offers.macrosHint', { macros: CLICK_MACROS.map((m) => `{${m}}`).join(' ') }) })}
            {text('previewUrl')}
            {text('fallbackUrl', { description: t('staff.offers.fallbackHint') })}
            <Textarea label={t('staff.offers.fields.descriptionHtml')} description={t('staff.offers.descriptionHint')} maxLength={OFFER_DESCRIPTION_MAX} autosize minRows={4} value={draft.descriptionHtml} onChange={(e) => set('descriptionHtml', e.currentTarget.value)} error={errors.descriptionHtml} data-testid="staff-offer-description" />
            <DeferredMultiSelect label={t('staff.offers.fields.countries')} description={t('staff.offers.countriesHint')} searchable data={config.countries.map((c) => ({ value: c.isoCode, label: `${c.name} (${c.isoCode})` }))} value={draft.countries} onChange={(value) => set('countries', value)} renderOption={renderCountryOption} error={Object.entries(errors).find(([k]) => k.startsWith('countries'))?.[1]} data-testid="staff-offer-countries" />
            <Switch label={t('staff.offers.fields.geoTargeting')} checked={draft.geoTargeting} onChange={(e) => set('geoTargeting', e.currentTarget.checked)} data-testid="staff-offer-geo" />
            <TagFields draft={draft} set={set} errors={errors} />
            <DeferredMultiSelect label={t('staff.offers.fields.verticals')} searchable data={options.verticals.map((v) => ({ value: String(v.id), label: v.name }))} value={draft.verticals} onChange={(value) => set('verticals', value)} error={Object.entries(errors).find(([k]) => k.startsWith('verticals'))?.[1]} data-testid="staff-offer-verticals" />
            <Group grow>
              <DateTimeInput label={t('staff.offers.fields.startsAt')} value={draft.startsAt} onChange={(value) => set('startsAt', value)} error={errors.startsAt} data-testid="staff-offer-starts" />
              <DateTimeInput label={t('staff.offers.fields.endsAt')} value={draft.endsAt} onChange={(value) => set('endsAt', value)} error={errors.endsAt} data-testid="staff-offer-ends" />
            </Group>
            <Group>
              <Switch label={t('staff.offers.fields.enabled')} checked={draft.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} data-testid="staff-offer-enabled" />
              <Switch label={t('staff.offers.fields.requireApproval')} checked={draft.requireApproval} onChange={(e) => set('requireApproval', e.currentTarget.checked)} data-testid="staff-offer-approval" />
              <Switch label={t('staff.offers.fields.private')} checked={draft.private} onChange={(e) => set('private', e.currentTarget.checked)} data-testid="staff-offer-private" />
            </Group>
            <OfferAllowList
              shown={draft.private}
              saved={offer?.allowedPartners}
              value={draft.allowedPartnerIds}
              onChange={(next) => set('allowedPartnerIds', next)}
              error={Object.entries(errors).find(([k]) => k.startsWith('allowedPartnerIds'))?.[1]}
            />
            <Group align="flex-end">
              <PictureInput kind="offer" label={t('staff.offers.fields.imageId')} field="imageId" onPicture={(picture) => setDraft((d) => ({ ...d, imageId: picture?.id ?? null, image: picture?.url ?? null }))} upload={upload} errors={errors} setErrors={setErrors} w={320} data-testid="staff-offer-image" />
              {draft.image ? <Image src={draft.image} alt={t('staff.offers.imageAlt')} h={60} w="auto" fit="contain" data-testid="staff-offer-image-preview" /> : null}
            </Group>

            <Title order={2} size="h4" mt="md">
              {t('staff.offers.goals')}
            </Title>
            {errors.goals ? <Text c="red" size="sm">{errors.goals}</Text> : null}
            {draft.goals.map((goal, index) => (
              <GoalEditor key={index} index={index} goal={goal} options={options} saved={offer?.goals.map((g) => g.goal) ?? []} currency={draft.currency} errors={errors} canWrite={canWrite} onChange={(patch) => setGoal(index, patch)} onRemove={draft.goals.length > 1 ? () => setDraft((d) => ({ ...d, goals: d.goals.filter((_, i) => i !== index) })) : null} />
            ))}
            <Group>
              <Button variant="light" onClick={() => setDraft((d) => ({ ...d, goals: [...d.goals, emptyGoal(options.goals.find((g) => !g.retired && !d.goals.some((x) => x.goal === g.identifier))?.identifier ?? '')] }))} data-testid="staff-offer-add-goal">
                {t('staff.offers.addGoal')}
              </Button>
            </Group>
            {canWrite ? (
              <Group justify="flex-end">
                {offer ? <DuplicateButton offerId={offer.id} unsaved={unsaved} /> : null}
                <Button onClick={() => void submit()} loading={busy} disabled={upload.uploading} data-testid="staff-offer-save">
                  {offer ? t('common.save') : t('staff.offers.create')}
                </Button>
              </Group>
            ) : (
              <Alert color="gray">{t('staff.offers.readOnly')}</Alert>
            )}
          </Stack>
        </fieldset>
      </div>
      <div>
        <Preview offerId={offer?.id ?? null} rich={approached} draft={draft} body={body} productName={product ? `${product.advertiser.name} · ${product.identifier}` : '—'} goalLabel={goalLabel} />
      </div>
    </div>
  );
} // prettier-ignore

/** Where the advertiser's tag may report from (its pages' origins) and the parameter its landing page reads (decision 085). */
function TagFields({
  draft,
  set,
  errors,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(field: K, value: Draft[K]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <Group grow align="flex-start">
      <Textarea
        label={t('staff.offers.fields.tagOrigins')}
        description={t('staff.offers.tagOriginsHint')}
        autosize
        minRows={1}
        value={draft.tagOrigins}
        onChange={(e) => set('tagOrigins', e.currentTarget.value)}
        error={Object.entries(errors).find(([k]) => k.startsWith('tagOrigins'))?.[1]}
        data-testid="staff-offer-tag-origins"
      />
      <TextInput
        label={t('staff.offers.fields.tagClickParam')}
        description={t('staff.offers.tagClickParamHint')}
        value={draft.tagClickParam}
        onChange={(e) => set('tagClickParam', e.currentTarget.value)}
        error={errors.tagClickParam}
        data-testid="staff-offer-tag-param"
      />
    </Group>
  );
}
