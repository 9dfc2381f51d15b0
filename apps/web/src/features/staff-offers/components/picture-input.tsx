import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@/lib/api-client';
import { isTooLarge, readAsUpload } from '@/lib/read-file';
import { uploadOfferImage } from '../api/upload-offer-image';
import { type Errors } from './creative-errors';

export type Picture = { id: number; url: string };

/** A picture uploaded as it is picked (POST /staff/images, kind `creative`); its error shown under the field. */
export function PictureInput({
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
