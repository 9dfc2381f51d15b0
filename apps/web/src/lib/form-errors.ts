import type { TFunction } from 'i18next';
import { isApiRequestError, type ApiRequestError } from './api-client';
import { showSnackbar } from './snackbar';

type FieldErrorLike = { message?: string | undefined } | undefined;

type SetFieldError<F extends string> = (field: F, error: { type: string; message: string }) => void;

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
  setError: SetFieldError<F>,
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

export type FormErrorOptions<F extends string> = {
  t: TFunction;
  /** The form's fields: a server error at one of them, or under it ('langs.0'), goes under that field. */
  fields?: readonly F[];
  setError?: SetFieldError<F>;
  /**
   * Server error paths that mean more than a field error (a refused reset or setup key): the first one present
   * runs instead of any field mapping or snackbar.
   */
  onField?: Partial<Record<string, (message: string) => void>>;
  /** Statuses with a meaning of their own on this form (401 on login, 409 on register), checked first. */
  onStatus?: Partial<Record<number, (error: ApiRequestError) => void>>;
  /**
   * The statuses the form shows itself: those its call kept from the api-client (skipBadRequestHandling).
   * Any other status was already shown there.
   */
  formStatuses?: readonly number[];
};

const BAD_REQUEST_STATUSES: readonly number[] = [400, 409, 422];

/**
 * The one catch block of a form. A refused submit puts its field errors under their fields and shows the rest once,
 * with the server's message and the unmatched messages as details (spec section 8); a failure that is no HTTP answer
 * says the generic text. Returns false when the error was left to the api-client, which has shown it already.
 */
export function handleFormError<F extends string>(error: unknown, options: FormErrorOptions<F>): boolean {
  const {
    t,
    fields = [],
    setError = () => undefined,
    onField = {},
    onStatus = {},
    formStatuses = BAD_REQUEST_STATUSES,
  } = options;
  if (!isApiRequestError(error)) {
    showSnackbar({ kind: 'error', message: t('errors.generic') });
    return true;
  }
  const special = onStatus[error.status];
  if (special) {
    special(error);
    return true;
  }
  if (!formStatuses.includes(error.status)) return false;
  for (const [path, handle] of Object.entries(onField)) {
    const message = error.errors?.[path];
    if (message !== undefined && handle) {
      handle(message);
      return true;
    }
  }
  const unmatched = applyServerErrors(error.errors, fields, setError);
  if (unmatched.length > 0 || !error.errors) {
    showSnackbar({ kind: 'error', message: error.message || t('errors.generic'), details: unmatched });
  }
  return true;
}
