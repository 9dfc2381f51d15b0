import { Button, Card, FileInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CONVERSION_NOTE_MAX_LENGTH, SCRUB_MAX_BYTES, SCRUB_MAX_LINES } from '@portal/contracts';
import { handleFormError } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { readAsUpload } from '@/lib/read-file';
import { useScrubAdvertisers } from '../api/get-scrub-advertisers';
import { useUploadScrub } from '../api/upload-scrub';

type Field = 'advertiserId' | 'file' | 'note';

/** The advertiser's CSV, read in the browser and sent as a data URL; the server answers its preview (decision 069). */
export function ScrubUploadForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const advertisers = useScrubAdvertisers();
  const upload = useUploadScrub();
  const [advertiserId, setAdvertiserId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (!advertiserId) found.advertiserId = t('staff.scrubs.upload.advertiserRequired');
    if (!file) found.file = t('staff.scrubs.upload.fileRequired');
    else if (file.size > SCRUB_MAX_BYTES) found.file = t('staff.scrubs.upload.fileTooLarge');
    setErrors(found);
    if (Object.keys(found).length > 0 || !file || !advertiserId) return;
    try {
      const scrub = await upload.mutateAsync({
        advertiserId: Number(advertiserId),
        file: await readAsUpload(file),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      await navigate(paths.staffScrub.href(scrub.id));
    } catch (error) {
      // 'file.data' errors (an unreadable CSV, too many lines) go under the file input.
      handleFormError<Field>(error, {
        t,
        fields: ['advertiserId', 'file', 'note'],
        setError: (field, { message }) => setErrors((current) => ({ ...current, [field]: message })),
      });
    }
  };

  return (
    <Card withBorder data-testid="staff-scrub-upload">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('staff.scrubs.upload.title')}
          </Title>
          <Text size="sm">{t('staff.scrubs.upload.hint', { lines: SCRUB_MAX_LINES.toLocaleString('en') })}</Text>
          <Select
            label={t('staff.scrubs.upload.advertiser')}
            required
            searchable
            data={(advertisers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={advertiserId}
            onChange={setAdvertiserId}
            error={errors.advertiserId}
            data-testid="staff-scrub-advertiser"
          />
          <FileInput
            label={t('staff.scrubs.upload.file')}
            description={t('staff.scrubs.upload.fileHint')}
            required
            accept=".csv,text/csv,text/plain"
            clearable
            value={file}
            onChange={setFile}
            error={errors.file}
            data-testid="staff-scrub-file"
          />
          <Textarea
            label={t('staff.scrubs.upload.note')}
            description={t('staff.scrubs.upload.noteHint')}
            maxLength={CONVERSION_NOTE_MAX_LENGTH}
            autosize
            minRows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
            data-testid="staff-scrub-note"
          />
          <div>
            <Button type="submit" loading={upload.isPending} data-testid="staff-scrub-submit">
              {t('staff.scrubs.upload.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
