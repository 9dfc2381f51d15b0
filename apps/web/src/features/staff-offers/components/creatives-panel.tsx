import { Button, Group, Image, Stack, TextInput, Textarea } from '@mantine/core';
import { DeferredSelect } from '@/components/deferred-select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATIVE_KINDS, TRACKING_LINK_PLACEHOLDER, type CreativeKind } from '@portal/contracts';
import { useUpload } from '@/components/upload-progress';
import { showSnackbar } from '@/lib/snackbar';
import { useCreativeWrites } from '../api/creative-writes';
import { useStaffCreatives } from '../api/get-staff-creatives';
import { failed, type Errors } from './creative-errors';
import { PictureInput, type Picture } from './picture-input';
import { creativeColumns } from './creative-columns';
import { OfferChildPanel } from './offer-child-panel';

export function CreativesPanel({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const creatives = useStaffCreatives(offerId);
  const { addCreative, removeCreative } = useCreativeWrites(offerId);
  const [kind, setKind] = useState<CreativeKind>('banner');
  const [name, setName] = useState('');
  const [image, setImage] = useState<Picture | null>(null);
  const [html, setHtml] = useState(`<a href="${TRACKING_LINK_PLACEHOLDER}">…</a>`);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUpload();

  const add = async () => {
    setErrors({});
    try {
      await addCreative.mutateAsync({
        kind,
        name,
        imageId: kind === 'banner' ? (image?.id ?? null) : null,
        html: kind === 'html' || kind === 'email' ? html : null,
        text: kind === 'text' ? text : null,
      });
      showSnackbar({ kind: 'success', message: t('staff.offers.creatives.added') });
      setName('');
      setImage(null);
      setText('');
    } catch (error) {
      failed(error, setErrors, t('errors.generic'));
    }
  };

  const columns = creativeColumns(t);

  return (
    <OfferChildPanel
      testId="staff-offer-creatives"
      itemTestId="staff-creative"
      emptyTestId="staff-creatives-empty"
      title={t('staff.offers.creatives.title')}
      intro={t('staff.offers.creatives.intro', { placeholder: TRACKING_LINK_PLACEHOLDER })}
      emptyText={t('staff.offers.creatives.empty')}
      columns={columns}
      rows={creatives.data}
      pending={creatives.isPending}
      canWrite={canWrite}
      removeLabel={(c) => t('staff.offers.creatives.remove', { name: c.name })}
      onRemove={(id) => removeCreative.mutate(id)}
    >
      <Stack gap="sm" mt="md">
        <Group align="flex-start">
          <DeferredSelect
            label={t('staff.offers.creatives.kind')}
            data={CREATIVE_KINDS.map((value) => ({ value, label: t(`offers.creatives.kinds.${value}`) }))}
            value={kind}
            onChange={(value) => value && setKind(value as CreativeKind)}
            allowDeselect={false}
            w={200}
            error={errors.kind}
            data-testid="staff-creative-kind"
          />
          <TextInput
            label={t('staff.offers.creatives.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            w={280}
            data-testid="staff-creative-name"
          />
        </Group>
        {kind === 'banner' ? (
          <Group align="flex-end">
            <PictureInput
              label={t('staff.offers.creatives.image')}
              field="imageId"
              onPicture={setImage}
              upload={upload}
              errors={errors}
              setErrors={setErrors}
              w={320}
              data-testid="staff-creative-image"
            />
            {image ? <Image src={image.url} alt="" h={60} w="auto" fit="contain" /> : null}
          </Group>
        ) : kind === 'text' ? (
          <Textarea
            label={t('staff.offers.creatives.text')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.text}
            autosize
            minRows={2}
            data-testid="staff-creative-text"
          />
        ) : (
          <Textarea
            label={t('staff.offers.creatives.html')}
            value={html}
            onChange={(e) => setHtml(e.currentTarget.value)}
            error={errors.html}
            autosize
            minRows={3}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="staff-creative-html"
          />
        )}
        <Group>
          <Button
            onClick={add}
            loading={addCreative.isPending}
            disabled={upload.uploading}
            data-testid="staff-creative-add"
          >
            {t('staff.offers.creatives.add')}
          </Button>
        </Group>
      </Stack>
    </OfferChildPanel>
  );
}
