import { z } from 'zod';
import { requiredString } from './validation.js';

/*
 * A file as the API takes it (a data URL) and gives it back (a signed link). Apart from the partner's account
 * (my-account.ts), whose bank rules load ibantools: news, documents and files use these without it.
 */

/** A file sent inline: its name and its bytes as a base64 data URL. The server checks size and type by the bytes. */
export const UploadDocumentSchema = z.object(
  {
    filename: requiredString(255),
    data: z
      .string({ error: 'required' })
      .min(1, { error: 'required' })
      .regex(/^data:[^,]{0,200};base64,/, { error: 'pattern' }),
  },
  { error: 'required' },
);
export type UploadDocument = z.infer<typeof UploadDocumentSchema>;

/** GET /file/{id}/url: a short-lived signed link to the file's bytes. */
export const FileUrlSchema = z.object({
  url: z.string(),
  expireAt: z.string(),
});
export type FileUrl = z.infer<typeof FileUrlSchema>;

/** How a signed link's file is served: downloaded (the default), or shown in the page's preview (decision 099). */
export const FILE_DISPOSITIONS = ['attachment', 'inline'] as const;
export type FileDisposition = (typeof FILE_DISPOSITIONS)[number];

/** The types a preview shows inline; any other file is served as an attachment whatever is asked. */
export const INLINE_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** The signed download link's query. */
export const FileDownloadQuerySchema = z.object({
  expires: z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(0, { error: 'min' }),
  signature: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'pattern' }),
  disposition: z.enum(FILE_DISPOSITIONS, { error: 'oneOf' }).default('attachment'),
});
