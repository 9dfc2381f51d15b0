import { Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce, useLoadOnce } from '@/lib/load-once';

/** The bar's code (Mantine's Progress), asked for when an upload starts: nothing draws it before (decision 133). */
const barCode = loadOnce(() => import('./upload-bar.lazy'));

/**
 * An upload made as a file is picked, before the form is sent (decision 099): while it runs the form's submit waits
 * (a submit sent meanwhile went without the file's id: 'The request is invalid'), a second pick waits too (the slower
 * of two would win), and the screen says what is uploading.
 */
export function useUpload() {
  const [fileName, setFileName] = useState<string | null>(null);
  const run = useCallback(async <T,>(file: File, work: () => Promise<T>): Promise<T> => {
    setFileName(file.name);
    try {
      return await work();
    } finally {
      setFileName(null);
    }
  }, []);
  return { uploading: fileName !== null, fileName, run };
}

export type UploadState = ReturnType<typeof useUpload>;

/**
 * The upload under way: a moving bar and its file's name, said to assistive technology once (a status). The bar is
 * indeterminate: the request's body is sent by fetch, which reports no upload progress (decision 099). The file's name
 * is said at once; the bar joins it when its code has come (decision 133).
 */
export function UploadProgress({ upload, w }: { upload: UploadState; w?: number | string }) {
  const { t } = useTranslation();
  const bar = useLoadOnce(barCode, upload.uploading);
  return (
    <Stack gap={2} w={w} role="status" data-testid="upload-progress">
      {upload.fileName ? (
        <>
          {bar ? <bar.UploadBar /> : null}
          <Text size="xs" c="dimmed">
            {t('common.uploading', { name: upload.fileName })}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
