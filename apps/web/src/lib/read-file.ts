import { MAX_UPLOAD_BYTES, type UploadDocument } from '@portal/contracts';

export const ACCEPTED_FILE_TYPES = 'application/pdf,image/png,image/jpeg';

export const isTooLarge = (file: File) => file.size > MAX_UPLOAD_BYTES;

/** The file as the API takes it: its name and a base64 data URL (the server checks the bytes). */
export function readAsUpload(file: File): Promise<UploadDocument> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ filename: file.name, data: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsDataURL(file);
  });
}

/** A timestamp as its UTC calendar day, YYYY-MM-DD (spec section 3). */
export const utcDate = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '');
