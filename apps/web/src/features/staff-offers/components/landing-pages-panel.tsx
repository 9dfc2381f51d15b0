import { Button, Group, Image, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLICK_MACROS } from '@portal/contracts';
import type { StaffColumn } from '@/components/staff-table';
import { useUpload } from '@/components/upload-progress';
import { showSnackbar } from '@/lib/snackbar';
import { useCreativeWrites } from '../api/creative-writes';
import { useStaffLandingPages } from '../api/get-staff-landing-pages';
import { failed, type Errors } from './creative-errors';
import { OfferChildPanel } from './offer-child-panel';
import { PictureInput, type Picture } from './picture-input';

type LandingPageRow = NonNullable<ReturnType<typeof useStaffLandingPages>['data']>[number];

export function LandingPagesPanel({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const pages = useStaffLandingPages(offerId);
  const { addLandingPage, removeLandingPage } = useCreativeWrites(offerId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<Picture | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUpload();

  const add = async () => {
    setErrors({});
    try {
      await addLandingPage.mutateAsync({ name, url, previewImageId: preview?.id ?? null });
      showSnackbar({ kind: 'success', message: t('staff.offers.landingPages.added') });
      setName('');
      setUrl('');
      setPreview(null);
    } catch (error) {
      failed(error, setErrors, t('errors.generic'));
    }
  };

  const columns: StaffColumn<LandingPageRow>[] = [
    { key: 'id', label: t('staff.offers.landingPages.id'), cell: (p) => p.id },
    {
      key: 'name',
      label: t('staff.offers.landingPages.name'),
      cell: (p) => (
        <Group gap="xs" wrap="nowrap">
          {p.preview ? <Image src={p.preview} alt="" h={32} w="auto" fit="contain" /> : null}
          {p.name}
        </Group>
      ),
    },
    { key: 'url', label: t('staff.offers.landingPages.url'), breakAll: true, cell: (p) => p.url },
  ];

  return (
    <OfferChildPanel
      testId="staff-offer-landing-pages"
      itemTestId="staff-landing-page"
      emptyTestId="staff-landing-pages-empty"
      title={t('staff.offers.landingPages.title')}
      intro={t('staff.offers.landingPages.intro')}
      emptyText={t('staff.offers.landingPages.empty')}
      columns={columns}
      rows={pages.data}
      pending={pages.isPending}
      canWrite={canWrite}
      removeLabel={(p) => t('staff.offers.landingPages.remove', { name: p.name })}
      onRemove={(id) => removeLandingPage.mutate(id)}
    >
      <Group align="flex-start" mt="md">
        <TextInput
          label={t('staff.offers.landingPages.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          w={220}
          data-testid="staff-landing-page-name"
        />
        <TextInput
          label={t('staff.offers.landingPages.url')}
          description={t('staff.offers.landingPages.macros', { macros: CLICK_MACROS.map((m) => `{${m}}`).join(' ') })}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          flex={1}
          miw={280}
          data-testid="staff-landing-page-url"
        />
        <PictureInput
          label={t('staff.offers.landingPages.preview')}
          field="previewImageId"
          onPicture={setPreview}
          upload={upload}
          errors={errors}
          setErrors={setErrors}
          w={220}
          data-testid="staff-landing-page-preview"
        />
        <Button
          mt={24}
          onClick={add}
          loading={addLandingPage.isPending}
          disabled={upload.uploading}
          data-testid="staff-landing-page-add"
        >
          {t('staff.offers.landingPages.add')}
        </Button>
      </Group>
    </OfferChildPanel>
  );
}
