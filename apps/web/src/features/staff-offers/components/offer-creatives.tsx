import {
  ActionIcon,
  Badge,
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLICK_MACROS, CREATIVE_KINDS, TRACKING_LINK_PLACEHOLDER, type CreativeKind } from '@portal/contracts';
import { isApiRequestError } from '@/lib/api-client';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { uploadOfferImage, useCreativeWrites, useStaffCreatives, useStaffLandingPages } from '../api/staff-offers';

type Errors = Record<string, string>;

/** The field errors of a refused write, or a snackbar with its message. */
function failed(error: unknown, setErrors: (errors: Errors) => void, fallback: string) {
  if (isApiRequestError(error) && error.errors) setErrors(error.errors);
  showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : fallback });
}

type Picture = { id: number; url: string };

/** A picture uploaded as it is picked (POST /staff/images, kind `creative`); its error shown under the field. */
function PictureInput({
  label,
  field,
  onPicture,
  errors,
  setErrors,
  w,
  'data-testid': testId,
}: {
  label: string;
  field: string;
  onPicture: (picture: Picture | null) => void;
  errors: Errors;
  setErrors: (update: (current: Errors) => Errors) => void;
  w: number;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  const fail = (message: string) => setErrors((current) => ({ ...current, [field]: message }));
  return (
    <FileInput
      label={label}
      accept="image/png,image/jpeg"
      clearable
      error={errors[field]}
      w={w}
      onChange={async (file) => {
        fail('');
        if (!file) return onPicture(null);
        if (isTooLarge(file)) return fail(t('staff.offers.imageTooLarge'));
        try {
          onPicture(await uploadOfferImage({ kind: 'creative', image: await readAsUpload(file) }));
        } catch (error) {
          fail((isApiRequestError(error) && error.errors?.['image.data']) || t('errors.generic'));
        }
      }}
      data-testid={testId}
    />
  );
}

/**
 * What partners promote and where their links may land (decision 050): the offer's creatives (banners, HTML, e-mail
 * templates, text ads) and alternative landing pages. Every staff member reads them; administrators add and remove.
 */
export function OfferCreatives({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  return (
    <Stack gap="xl">
      <CreativesPanel offerId={offerId} canWrite={canWrite} />
      <LandingPagesPanel offerId={offerId} canWrite={canWrite} />
    </Stack>
  );
}

function CreativesPanel({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const creatives = useStaffCreatives(offerId);
  const { addCreative, removeCreative } = useCreativeWrites(offerId);
  const [kind, setKind] = useState<CreativeKind>('banner');
  const [name, setName] = useState('');
  const [image, setImage] = useState<Picture | null>(null);
  const [html, setHtml] = useState(`<a href="${TRACKING_LINK_PLACEHOLDER}">…</a>`);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});

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

  return (
    <Paper withBorder p="md" radius="md" data-testid="staff-offer-creatives">
      <Title order={3} size="h4" mb="xs">
        {t('staff.offers.creatives.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('staff.offers.creatives.intro', { placeholder: TRACKING_LINK_PLACEHOLDER })}
      </Text>
      {creatives.data && creatives.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={220}>{t('staff.offers.creatives.name')}</Table.Th>
                <Table.Th w={170}>{t('staff.offers.creatives.kind')}</Table.Th>
                <Table.Th>{t('staff.offers.creatives.preview')}</Table.Th>
                {canWrite ? <Table.Th w={60} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {creatives.data.map((c) => (
                <Table.Tr key={c.id} data-testid="staff-creative-row">
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`offers.creatives.kinds.${c.kind}`)}</Badge>
                    {c.width && c.height ? <Text size="xs">{`${c.width} × ${c.height}`}</Text> : null}
                  </Table.Td>
                  <Table.Td>
                    {c.image ? (
                      <Image src={c.image} alt={c.name} h={40} w="auto" fit="contain" />
                    ) : (
                      <Text size="xs" lineClamp={2} ff="monospace">
                        {c.html ?? c.text}
                      </Text>
                    )}
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('staff.offers.creatives.remove', { name: c.name })}
                        onClick={() => removeCreative.mutate(c.id)}
                        data-testid="staff-creative-remove"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" data-testid="staff-creatives-empty">
          {creatives.isPending ? t('common.loading') : t('staff.offers.creatives.empty')}
        </Text>
      )}
      {canWrite ? (
        <Stack gap="sm" mt="md">
          <Group align="flex-start">
            <Select
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
            <Button onClick={add} loading={addCreative.isPending} data-testid="staff-creative-add">
              {t('staff.offers.creatives.add')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

function LandingPagesPanel({ offerId, canWrite }: { offerId: number; canWrite: boolean }) {
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

  return (
    <Paper withBorder p="md" radius="md" data-testid="staff-offer-landing-pages">
      <Title order={3} size="h4" mb="xs">
        {t('staff.offers.landingPages.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('staff.offers.landingPages.intro')}
      </Text>
      {pages.data && pages.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff.offers.landingPages.id')}</Table.Th>
                <Table.Th>{t('staff.offers.landingPages.name')}</Table.Th>
                <Table.Th>{t('staff.offers.landingPages.url')}</Table.Th>
                {canWrite ? <Table.Th w={60} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.data.map((p) => (
                <Table.Tr key={p.id} data-testid="staff-landing-page-row">
                  <Table.Td>{p.id}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {p.preview ? <Image src={p.preview} alt="" h={32} w="auto" fit="contain" /> : null}
                      {p.name}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{p.url}</Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('staff.offers.landingPages.remove', { name: p.name })}
                        onClick={() => removeLandingPage.mutate(p.id)}
                        data-testid="staff-landing-page-remove"
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" data-testid="staff-landing-pages-empty">
          {pages.isPending ? t('common.loading') : t('staff.offers.landingPages.empty')}
        </Text>
      )}
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
