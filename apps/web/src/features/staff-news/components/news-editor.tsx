import {
  Button,
  FileInput,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NEWS_CONTENT_MAX,
  NEWS_EXCERPT_MAX,
  NEWS_TITLE_MAX,
  type NewsAudience,
  type NewsCreate,
} from '@portal/contracts';
import { DateTimeInput } from '@/components/date-time-input';
import { SafeHtml } from '@/components/safe-html';
import { UploadProgress, useUpload } from '@/components/upload-progress';
import { handleFormError } from '@/lib/form-errors';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { uploadImage } from '../api/upload-image';
import { useSaveNews } from '../api/save-news';
import { type StaffNewsRow } from '../api/get-staff-news';
import { NewsAudiencePicker } from './news-audience-picker';

type Publication = 'draft' | 'now' | 'schedule';
const FIELDS = ['title', 'excerpt', 'content', 'imageId', 'publishedAt', 'audience'] as const;

/** A datetime-local value (the browser's zone) from a date, and back. */
const toLocalInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

export function NewsEditor({ item, onClose }: { item: StaffNewsRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveNews();
  const [title, setTitle] = useState(item?.title ?? '');
  const [excerpt, setExcerpt] = useState(item?.excerpt ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const [imageId, setImageId] = useState<number | null>(item?.imageId ?? null);
  const [image, setImage] = useState<string | null>(item?.image ?? null);
  const [publication, setPublication] = useState<Publication>(
    !item || item.state === 'draft' ? 'draft' : item.state === 'scheduled' ? 'schedule' : 'now',
  );
  const [scheduledAt, setScheduledAt] = useState(item?.publishedAt ? toLocalInput(item.publishedAt) : '');
  const [kind, setKind] = useState<NewsAudience['kind']>(item?.audience.kind ?? 'all');
  const initialIds =
    item?.audience.kind === 'offers' ? item.audience.offerIds : item?.audience.kind === 'partners' ? item.audience.partnerIds : [];
  const [ids, setIds] = useState<string[]>(initialIds.map(String));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const upload = useUpload();

  const publishedAt = () =>
    publication === 'draft'
      ? null
      : publication === 'now'
        ? item?.state === 'published' && item.publishedAt
          ? item.publishedAt.toISOString()
          : new Date().toISOString()
        : scheduledAt
          ? new Date(scheduledAt).toISOString()
          : '';

  const submit = async () => {
    const at = publishedAt();
    if (at === '') return setErrors({ publishedAt: t('formError.required') });
    const numbers = ids.map(Number);
    const audience: NewsAudience =
      kind === 'all' ? { kind } : kind === 'offers' ? { kind, offerIds: numbers } : { kind, partnerIds: numbers };
    const body: NewsCreate = { title, excerpt, content, imageId, publishedAt: at, audience };
    setBusy(true);
    setErrors({});
    try {
      await save.mutateAsync({ id: item?.id ?? null, body });
      showSnackbar({ kind: 'success', message: t('staff.news.saved') });
      onClose();
    } catch (error) {
      const found: Record<string, string> = {};
      handleFormError(error, {
        t,
        fields: FIELDS,
        setError: (field, value) => {
          found[field] = value.message ?? '';
        },
      });
      setErrors(found);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={item ? t('staff.news.editTitle') : t('staff.news.new')}>
      <Stack gap="sm" data-testid="staff-news-editor">
        <TextInput label={t('staff.news.fields.title')} withAsterisk maxLength={NEWS_TITLE_MAX} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} data-testid="staff-news-title" />
        <Textarea label={t('staff.news.fields.excerpt')} maxLength={NEWS_EXCERPT_MAX} autosize minRows={2} value={excerpt} onChange={(e) => setExcerpt(e.currentTarget.value)} error={errors.excerpt} data-testid="staff-news-excerpt" />
        <Textarea label={t('staff.news.fields.content')} description={t('staff.news.contentHint')} maxLength={NEWS_CONTENT_MAX} autosize minRows={5} value={content} onChange={(e) => setContent(e.currentTarget.value)} error={errors.content} data-testid="staff-news-content" />
        {content ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('staff.news.preview')}
            </Text>
            <SafeHtml html={content} p="sm" bd="1px solid var(--mantine-color-gray-3)" data-testid="staff-news-preview" />
          </Stack>
        ) : null}
        <Group align="flex-end">
          <Stack gap={4} w={320}>
            <FileInput
              label={t('staff.news.fields.image')}
              accept="image/png,image/jpeg"
              clearable
              disabled={upload.uploading}
              error={errors.imageId}
              onChange={async (file) => {
                setErrors((current) => ({ ...current, imageId: '' }));
                setImageId(null);
                setImage(null);
                if (!file) return;
                if (isTooLarge(file)) return setErrors((current) => ({ ...current, imageId: t('staff.news.imageTooLarge') }));
                try {
                  const stored = await upload.run(file, async () => uploadImage({ kind: 'news', image: await readAsUpload(file) }));
                  setImageId(stored.id);
                  setImage(stored.url);
                } catch (error) {
                  handleFormError(error, { t, onField: { 'image.data': (message) => setErrors((c) => ({ ...c, imageId: message })) } });
                }
              }}
              data-testid="staff-news-image"
            />
            <UploadProgress upload={upload} />
          </Stack>
          {image ? <Image src={image} alt="" h={64} w="auto" radius="sm" data-testid="staff-news-image-preview" /> : null}
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('staff.news.fields.publication')}
          </Text>
          <SegmentedControl
            value={publication}
            onChange={(value) => setPublication(value as Publication)}
            data={(['draft', 'now', 'schedule'] as const).map((value) => ({ value, label: t(`staff.news.publication.${value}`) }))}
            data-testid="staff-news-publication"
          />
          {publication === 'schedule' ? (
            <DateTimeInput label={t('staff.news.fields.publishedAt')} description={t('staff.news.publishedAtHint')} value={scheduledAt} onChange={setScheduledAt} error={errors.publishedAt} w={280} data-testid="staff-news-published-at" />
          ) : null}
        </Stack>
        <NewsAudiencePicker
          kind={kind}
          onKind={setKind}
          ids={ids}
          onIds={setIds}
          error={Object.entries(errors).find(([field]) => field.startsWith('audience'))?.[1]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={upload.uploading || !title.trim() || (kind !== 'all' && ids.length === 0)} data-testid="staff-news-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
} // prettier-ignore
