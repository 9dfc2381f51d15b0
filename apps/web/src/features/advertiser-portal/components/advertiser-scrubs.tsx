import { Badge, Button, Card, FileInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSION_NOTE_MAX_LENGTH, SCRUB_MAX_BYTES, formatDate } from '@portal/contracts';
import { StaffTable, type StaffColumn } from '@/components/staff-table';
import { handleFormError } from '@/lib/form-errors';
import { readAsUpload } from '@/lib/read-file';
import { showSnackbar } from '@/lib/snackbar';
import { useAdvertiserScrubs, type AdvertiserScrubData } from '../api/get-advertiser-scrubs';
import { useUploadAdvertiserScrub } from '../api/upload-advertiser-scrub';

type Field = 'file' | 'note';
const STATUS_COLORS: Record<string, string> = { previewed: 'yellow', applied: 'green', dismissed: 'gray' };

/** The advertiser's scrub files (decision 087): a CSV of transaction ids to reject, reviewed by staff. */
export function AdvertiserScrubs() {
  const { t } = useTranslation();
  const scrubs = useAdvertiserScrubs();
  const upload = useUploadAdvertiserScrub();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async () => {
    if (!file) return setErrors({ file: t('advertiser.scrubs.fileRequired') });
    if (file.size > SCRUB_MAX_BYTES) return setErrors({ file: t('advertiser.scrubs.fileTooLarge') });
    setErrors({});
    try {
      await upload.mutateAsync({ file: await readAsUpload(file), ...(note.trim() ? { note: note.trim() } : {}) });
      setFile(null);
      setNote('');
      showSnackbar({ kind: 'success', message: t('advertiser.scrubs.sent') });
    } catch (error) {
      handleFormError<Field>(error, {
        t,
        fields: ['file', 'note'],
        setError: (field, { message }) => setErrors((current) => ({ ...current, [field]: message })),
      });
    }
  };

  const columns: StaffColumn<AdvertiserScrubData>[] = [
    { key: 'file', label: t('advertiser.scrubs.file'), breakAll: true, cell: (s) => s.fileName },
    {
      key: 'sent',
      label: t('advertiser.scrubs.sentAt'),
      noWrap: true,
      cell: (s) => (s.createdAt ? formatDate(s.createdAt) : ''),
    },
    { key: 'lines', label: t('advertiser.scrubs.lines'), align: 'right', cell: (s) => s.counts.lines },
    { key: 'found', label: t('advertiser.scrubs.found'), align: 'right', cell: (s) => s.counts.found },
    {
      key: 'status',
      label: t('advertiser.scrubs.status'),
      cell: (s) => (
        <Badge color={STATUS_COLORS[s.status] ?? 'gray'} variant="light">
          {t(`advertiser.scrubs.statuses.${s.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack>
      <Card withBorder data-testid="advertiser-scrub-upload">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('advertiser.scrubs.uploadTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('advertiser.scrubs.help')}
            </Text>
            <FileInput
              label={t('advertiser.scrubs.file')}
              accept=".csv,text/csv,text/plain"
              value={file}
              onChange={setFile}
              error={errors.file}
              required
              clearable
              data-testid="advertiser-scrub-file"
            />
            <Textarea
              label={t('advertiser.scrubs.note')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={CONVERSION_NOTE_MAX_LENGTH}
              error={errors.note}
              autosize
              minRows={2}
            />
            <Button type="submit" loading={upload.isPending} w="fit-content" data-testid="advertiser-scrub-send">
              {t('advertiser.scrubs.send')}
            </Button>
          </Stack>
        </form>
      </Card>
      <StaffTable
        columns={columns}
        rows={scrubs.data}
        rowKey={(s) => s.id}
        rowTestId="advertiser-scrub-row"
        loading={scrubs.isLoading}
        error={scrubs.isError ? t('advertiser.loadError') : null}
        empty={t('advertiser.scrubs.empty')}
        minWidth={600}
        testId="advertiser-scrubs"
      />
    </Stack>
  );
}
