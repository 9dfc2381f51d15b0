import { FileInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UploadProgress, type UploadState } from '@/components/upload-progress';
import { isApiRequestError } from '@/lib/api-client';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { uploadOfferImage } from '../api/upload-offer-image';
import { type Errors } from './creative-errors';

export type Picture = { id: number; url: string };

/**
 * A picture uploaded as it is picked (POST /staff/images); its error shown under the field, its
 * upload under way beneath it (the parent's `upload`, whose form waits for it: decision 099).
 */
export function PictureInput({
  kind = 'creative',
  label,
  field,
  onPicture,
  upload,
  errors,
  setErrors,
  w,
  'data-testid': testId,
}: {
  /** What the picture is for: a creative's or landing page's (the default), or the offer's own. */
  kind?: 'creative' | 'offer';
  label: string;
  field: string;
  onPicture: (picture: Picture | null) => void;
  upload: UploadState;
  errors: Errors;
  setErrors: (update: (current: Errors) => Errors) => void;
  w: number;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  const fail = (message: string) => setErrors((current) => ({ ...current, [field]: message }));
  return (
    <Stack gap={4} w={w}>
      <FileInput
        label={label}
        accept="image/png,image/jpeg"
        clearable
        disabled={upload.uploading}
        error={errors[field]}
        onChange={async (file) => {
          fail('');
          if (!file) return onPicture(null);
          if (isTooLarge(file)) return fail(t('staff.offers.imageTooLarge'));
          onPicture(null);
          try {
            onPicture(await upload.run(file, async () => uploadOfferImage({ kind, image: await readAsUpload(file) }))); // prettier-ignore
          } catch (error) {
            fail((isApiRequestError(error) && error.errors?.['image.data']) || t('errors.generic'));
          }
        }}
        data-testid={testId}
      />
      <UploadProgress upload={upload} />
    </Stack>
  );
}
