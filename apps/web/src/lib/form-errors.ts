import type { TFunction } from 'i18next';

type FieldErrorLike = { message?: string | undefined } | undefined;

/**
 * Client rules report a rule name ('required', 'passwordCapital' …) that maps to a
 * `formError.{rule}` text; server errors arrive already in English and pass through unchanged.
 */
export function fieldErrorText(
  t: TFunction,
  error: FieldErrorLike,
  params: Record<string, string | number> = {},
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  const key = `formError.${message}`;
  return t(key, { ...params, defaultValue: message });
}

/**
 * Puts the server's per-path errors ('email', 'langs.0') under the matching fields and returns
 * the messages no field could take, so the caller can still show them.
 */
export function applyServerErrors<F extends string>(
  errors: Record<string, string> | null,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): string[] {
  const unmatched: string[] = [];
  for (const [path, message] of Object.entries(errors ?? {})) {
    const root = path.split('.')[0];
    const field = fields.find((name) => name === path) ?? fields.find((name) => name === root);
    if (field) setError(field, { type: 'server', message });
    else unmatched.push(message);
  }
  return unmatched;
}
