import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

/**
 * The error object of spec section 3: status, message, data, errors.
 * `errors` maps a property path ('email', 'langs.0', 'document.data') to its message.
 */
export const ApiErrorSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  data: z.unknown().nullable(),
  errors: z.record(z.string(), z.string()).nullable(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The answer wrapper of spec section 3: code, success, message, data, errors, total. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    success: z.boolean(),
    message: z.string().nullable(),
    data,
    errors: z.null(),
    total: z.number().int().nullable(),
  });
}

export function listOf<T extends z.ZodType>(item: T) {
  return envelope(z.array(item));
}

export const MessageSchema = envelope(z.null());

/** Standard error answers declared on every route, so the OpenAPI document lists them. */
export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  429: ApiErrorSchema,
} as const;

export const PaginationQuerySchema = z.object({
  page: z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).default(1),
  count: z.coerce
    .number({ error: 'type' })
    .int({ error: 'type' })
    .min(1, { error: 'min' })
    .max(500, { error: 'max' })
    .default(50),
  sortName: z.string().max(64).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

export const IdParamsSchema = z.strictObject({
  // Ids are PostgreSQL `integer`s: a larger number names nothing, and must not reach a query.
  id: z.coerce
    .number({ error: 'type' })
    .int({ error: 'type' })
    .positive({ error: 'min' })
    .max(2_147_483_647, { error: 'max' }),
});

/** Every field whose name ends in 'At' becomes a Date (or null) once the web client has read it. */
export type RevivedDates<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? RevivedDates<U>[]
    : {
        [K in keyof T]: K extends `${string}At` ? Date | null : RevivedDates<T[K]>;
      };

/** `page` (from 1) and `count` (page size, default 50 as spec section 9, at most 500): every paged list's query. */
export const pageQueryShape = {
  page: z.coerce.number({ error: 'type' }).int({ error: 'type' }).min(1, { error: 'min' }).default(1),
  count: z.coerce
    .number({ error: 'type' })
    .int({ error: 'type' })
    .min(1, { error: 'min' })
    .max(MAX_PAGE_SIZE, { error: 'max' })
    .default(DEFAULT_PAGE_SIZE),
};
