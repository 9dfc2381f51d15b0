import { Button, Group, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { POSTBACK_URL_MAX_LENGTH, PostbackBodySchema, type PostbackBody } from '@portal/contracts';
import { REQUIRED_LABEL } from '@/components/required-label';
import { fieldErrorText, handleFormError } from '@/lib/form-errors';
import { usePostbackOffers } from '../api/get-postback-offers';
import { useSavePostback } from '../api/save-postback';
import {
  goalOptions,
  insertMacro,
  offerOptions,
  toBody,
  toFormValues,
  unknownMacroList,
  type PostbackFormValues,
  type PostbackItem,
} from '../postback-form-values';
import { PostbackUrlHelper } from './postback-url-helper';
import {
  POSTBACK_PRESET_URLS,
  POSTBACK_TRACKER_PRESETS,
  POSTBACK_TRAFFIC_PRESETS,
  type PostbackPreset,
} from '../postback-presets';

const FIELDS = ['name', 'url', 'goalId', 'offers', 'subId', 'enabled'] as const;
const ALL_GOALS = 'all';

type PostbackFormProps = {
  /** null to create one. */
  postback: PostbackItem | null;
  onSaved: (saved: { message: string | null }) => void;
  onCancel: () => void;
};

/** Create or edit a postback: its URL with a macro helper and a live preview, its goal, offers and sub-ID. */
export function PostbackForm({ postback, onSaved, onCancel }: PostbackFormProps) {
  const { t } = useTranslation();
  const save = useSavePostback();
  const offers = usePostbackOffers();
  const urlInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isValid, isSubmitting },
  } = useForm<PostbackFormValues, unknown, PostbackBody>({
    resolver: zodResolver(PostbackBodySchema),
    mode: 'onChange',
    defaultValues: toFormValues(postback),
  });
  const url = useWatch({ control, name: 'url' }) ?? '';
  const chosenOffers = useWatch({ control, name: 'offers' }) ?? [];
  const offerList = offers.data?.list ?? [];
  const urlField = register('url');

  const onInsert = (macro: string) => {
    const input = urlInput.current;
    const next = insertMacro(url, macro, input?.selectionStart ?? null, input?.selectionEnd ?? null);
    setValue('url', next.value, { shouldValidate: true, shouldDirty: true });
    if (input) {
      input.focus();
      requestAnimationFrame(() => input.setSelectionRange(next.caret, next.caret));
    }
  };

  const onSubmit = handleSubmit(async (body) => {
    try {
      const { message } = await save.mutateAsync({ id: postback?.id ?? null, body: toBody(body) });
      onSaved({ message });
    } catch (error) {
      handleFormError(error, { t, fields: FIELDS, setError });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="postback-form">
      <Stack gap="sm">
        <TextInput
          label={t('postbacks.form.name')}
          placeholder={t('postbacks.form.namePlaceholder')}
          maxLength={120}
          error={fieldErrorText(t, errors.name, { n: 120 })}
          data-testid="postback-name"
          {...register('name')}
        />
        <PresetSelect
          onPick={(preset) => {
            setValue('url', POSTBACK_PRESET_URLS[preset], { shouldValidate: true, shouldDirty: true });
            urlInput.current?.focus();
          }}
        />
        <TextInput
          label={t('postbacks.form.url')}
          labelProps={REQUIRED_LABEL}
          placeholder="https://tracker.example/postback?click={click_id}&payout={payout}"
          maxLength={POSTBACK_URL_MAX_LENGTH}
          error={fieldErrorText(t, errors.url, { n: POSTBACK_URL_MAX_LENGTH, macros: unknownMacroList(url) })}
          data-testid="postback-url"
          {...urlField}
          ref={(element) => {
            urlField.ref(element);
            urlInput.current = element;
          }}
        />
        <PostbackUrlHelper url={url} onInsert={onInsert} />
        <Controller
          control={control}
          name="offers"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('postbacks.form.offers')}
              description={t('postbacks.form.offersHelp')}
              placeholder={(field.value ?? []).length === 0 ? t('postbacks.allOffers') : undefined}
              data={offerOptions(offerList, postback?.offers ?? [])}
              value={(field.value ?? []).map(String)}
              onChange={(values) => field.onChange(values.map(Number))}
              onBlur={field.onBlur}
              searchable
              clearable
              nothingFoundMessage={t('postbacks.form.noOffer')}
              error={fieldErrorText(t, fieldState.error)}
              data-testid="postback-offers"
            />
          )}
        />
        <Controller
          control={control}
          name="goalId"
          render={({ field, fieldState }) => (
            <Select
              label={t('postbacks.form.goal')}
              data={[
                { value: ALL_GOALS, label: t('postbacks.allGoals') },
                ...goalOptions(offerList, chosenOffers, postback?.goal ?? null),
              ]}
              value={field.value == null ? ALL_GOALS : String(field.value)}
              onChange={(value) => field.onChange(value && value !== ALL_GOALS ? Number(value) : null)}
              onBlur={field.onBlur}
              allowDeselect={false}
              searchable
              error={fieldErrorText(t, fieldState.error)}
              data-testid="postback-goal"
            />
          )}
        />
        <TextInput
          label={t('postbacks.form.subId')}
          description={t('postbacks.form.subIdHelp')}
          maxLength={255}
          error={fieldErrorText(t, errors.subId, { n: 255 })}
          data-testid="postback-subid"
          {...register('subId')}
        />
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('postbacks.form.enabled')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              data-testid="postback-enabled"
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('postbacks.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isValid || isSubmitting} data-testid="postback-save">
            {t('postbacks.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Start from a preset" (decision 118): fills the URL with a tracker's or traffic source's; keeps no value itself. */
function PresetSelect({ onPick }: { onPick: (preset: PostbackPreset) => void }) {
  const { t } = useTranslation();
  const options = (presets: readonly PostbackPreset[]) =>
    presets.map((value) => ({ value, label: t(`postbacks.presets.${value}`) }));
  return (
    <Select
      label={t('postbacks.form.preset')}
      description={t('postbacks.form.presetHelp')}
      placeholder={t('postbacks.form.presetNone')}
      data={[
        { group: t('postbacks.form.presetTrackers'), items: options(POSTBACK_TRACKER_PRESETS) },
        { group: t('postbacks.form.presetTraffic'), items: options(POSTBACK_TRAFFIC_PRESETS) },
      ]}
      value={null}
      onChange={(value) => {
        if (value) onPick(value as PostbackPreset);
      }}
      data-testid="postback-preset"
    />
  );
}
