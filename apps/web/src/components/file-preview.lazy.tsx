import { Box, Button, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile, getFileUrl } from '@/lib/files';

export type PreviewFile = { id: number; filename: string };

/** What a preview draws: a PDF in a frame, a picture as a picture, anything else not at all. */
export function previewKindOf(filename: string): 'pdf' | 'image' | null {
  if (/\.pdf$/i.test(filename)) return 'pdf';
  return /\.(png|jpe?g)$/i.test(filename) ? 'image' : null;
}

/**
 * The signed link asking for the file inline (decision 099), as a path: the page frames and shows it from its own
 * origin, which the web app's CSP (`'self'`) and the file's `frame-ancestors 'self'` both require.
 */
export function inlineUrlOf(url: string): string {
  const link = new URL(url, window.location.origin);
  link.searchParams.set('disposition', 'inline');
  return `${link.pathname}${link.search}`;
}

/**
 * A stored file shown in a dialog (decision 099), with its download kept: a PDF in a frame, a picture as an image,
 * through a fresh signed link asking for `disposition=inline`. The server sandboxes the framed document by its own
 * Content-Security-Policy (`sandbox`) and lets only the portal frame it; the frame carries no `sandbox` attribute,
 * under which Chromium draws no PDF. Loaded with the first file previewed (file-preview.tsx).
 */
export function FilePreviewDialog({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = file ? previewKindOf(file.filename) : null;
  const link = useQuery({
    queryKey: ['file-preview', file?.id],
    queryFn: async () => inlineUrlOf(await getFileUrl(file!.id)),
    enabled: file !== null && kind !== null,
    // A signed link lives five minutes: each opening asks for a new one.
    gcTime: 0,
    staleTime: 0,
  });
  const name = file?.filename ?? '';

  return (
    <Modal opened={file !== null} onClose={onClose} title={t('filePreview.title', { name })} size="xl">
      <Stack gap="sm" data-testid="file-preview">
        {kind === null ? (
          <Text size="sm">{t('filePreview.unavailable')}</Text>
        ) : !link.data ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : kind === 'image' ? (
          <Image src={link.data} alt={name} fit="contain" mah="70vh" data-testid="file-preview-image" />
        ) : (
          <Box
            component="iframe"
            src={link.data}
            title={name}
            referrerPolicy="no-referrer"
            w="100%"
            h="70vh"
            bd="1px solid var(--mantine-color-gray-3)"
            data-testid="file-preview-frame"
          />
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => file && void downloadFile(file.id)}
            data-testid="file-preview-download"
          >
            {t('filePreview.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
