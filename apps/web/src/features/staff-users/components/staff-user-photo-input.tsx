import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type UploadDocument } from '@portal/contracts';
import { isTooLarge, readAsUpload } from '@/lib/read-file';

type StaffUserPhotoInputProps = {
  error: string | null;
  onPhoto: (photo: UploadDocument | null) => void;
  onError: (error: string | null) => void;
};

/** A staff member's photo, read in the browser and sent with the form; a file over the limit is refused here. */
export function StaffUserPhotoInput({ error, onPhoto, onError }: StaffUserPhotoInputProps) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={t('staff.users.fields.photo')}
      accept="image/png,image/jpeg"
      clearable
      error={error}
      onChange={async (file) => {
        onError(null);
        if (!file) return onPhoto(null);
        if (isTooLarge(file)) return onError(t('staff.users.photoTooLarge'));
        onPhoto(await readAsUpload(file));
      }}
      data-testid="staff-user-photo"
    />
  );
}
