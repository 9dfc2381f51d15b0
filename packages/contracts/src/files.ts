import { z } from 'zod';
import { IdParamsSchema, MessageSchema, envelope, errorResponses } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { FileDownloadQuerySchema, FileUrlSchema } from './uploads.js';

/**
 * Stored files: never served from a folder, but through a signed link that works a few minutes without a bearer
 * (decision 011); the schemas sit in uploads.ts.
 */
export const filesEndpoints = {
  url: defineEndpoint({
    method: 'GET',
    path: '/file/:id/url',
    tags: ['files'],
    summary:
      'A signed download link, valid for 5 minutes, to one of the own files (staff: a file of a partner within reach)',
    params: IdParamsSchema,
    response: envelope(FileUrlSchema),
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/file/:id/download',
    errors: { 403: 'The download link is not valid: its signature does not match.' },
    tags: ['files'],
    summary:
      'The bytes of a file, through a signed link from GET /file/{id}/url (no bearer needed); `disposition=inline` shows a PDF or a picture in the portal’s preview, sandboxed',
    auth: 'public',
    params: IdParamsSchema,
    query: FileDownloadQuerySchema,
    /** The file's bytes, whatever their type. */
    response: z.any(),
    produces: ['application/pdf', 'image/png', 'image/jpeg'],
    extraResponses: { 410: errorResponses[404] },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/file/:id',
    tags: ['files'],
    summary: 'Delete one of the own uploaded files (a contact document or a compliance document)',
    params: IdParamsSchema,
    response: MessageSchema,
  }),
};
