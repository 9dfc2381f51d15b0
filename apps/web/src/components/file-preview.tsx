import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loadOnce, useLoadOnce } from '@/lib/load-once';
import type { PreviewFile } from './file-preview.lazy';

export type { PreviewFile };

/** The dialog's code, asked for once (again after a failed download). */
const dialog = loadOnce(() => import('./file-preview.lazy').then((m) => m.FilePreviewDialog));

/** Asks for the preview's code ahead of a press (a pointer near a file's link, its focus). */
export const preloadFilePreview = dialog.preload;

/**
 * A stored file shown in a dialog (decision 099; file-preview.lazy.tsx draws it). The dialog's code (Mantine's Modal,
 * its focus trap, scroll lock and scroll area: about 15 KB) comes with the first file previewed, not with the screen
 * (decision 115); until it has come, a loader says the press was taken (decision 103), and should it not come (the
 * server gone), the press is forgotten (`onClose`) and the next one tries again. Once drawn the dialog stays, so
 * that it closes as it opens.
 */
export function FilePreview({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const { t } = useTranslation();
  const FilePreviewDialog = useLoadOnce(dialog, file !== null, onClose);
  if (FilePreviewDialog) return <FilePreviewDialog file={file} onClose={onClose} />;
  if (file === null) return null;
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 300 }} aria-busy="true" data-testid="file-preview-pending">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
