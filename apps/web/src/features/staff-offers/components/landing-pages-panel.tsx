import { ActionIcon, Button, Group, Image, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLICK_MACROS } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { showSnackbar } from '@/lib/snackbar';
import { useCreativeWrites } from '../api/creative-writes';
import { useStaffLandingPages } from '../api/get-staff-landing-pages';
import { failed, type Errors } from './creative-errors';
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
    <Paper withBorder p="md" radius="md" data-testid="staff-offer-landing-pages">
      <Title order={3} size="h4" mb="xs">
        {t('staff.offers.landingPages.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('staff.offers.landingPages.intro')}
      </Text>
      <StaffTable
        columns={columns}
        rows={pages.data ?? []}
        rowKey={(p) => p.id}
        rowTestId="staff-landing-page-row"
        loading={false}
        empty={
          <Text size="sm" data-testid="staff-landing-pages-empty">
            {pages.isPending ? t('common.loading') : t('staff.offers.landingPages.empty')}
          </Text>
        }
        minWidth={560}
        tableProps={{}}
        actionsWidth={60}
        rowActions={
          canWrite
            ? (p) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('staff.offers.landingPages.remove', { name: p.name })}
                  onClick={() => removeLandingPage.mutate(p.id)}
                  data-testid="staff-landing-page-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )
            : undefined
        }
      />
      {canWrite ? (
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
            errors={errors}
            setErrors={setErrors}
            w={220}
            data-testid="staff-landing-page-preview"
          />
          <Button mt={24} onClick={add} loading={addLandingPage.isPending} data-testid="staff-landing-page-add">
            {t('staff.offers.landingPages.add')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}
