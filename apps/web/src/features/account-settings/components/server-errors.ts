import type { TFunction } from 'i18next';
import { isApiRequestError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';

/**
 * A failed save: field errors go under their fields, anything else to a snackbar. Statuses other
 * than 400/409/422 were already shown by the api-client.
 */
export function handleSaveError<F extends string>(
  t: TFunction,
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): void {
  if (isApiRequestError(error) && [400, 409, 422].includes(error.status)) {
    const unmatched = applyServerErrors(error.errors, fields, setError);
    if (unmatched.length > 0 || !error.errors) showSnackbar({ kind: 'error', message: unmatched[0] ?? error.message });
  } else if (!isApiRequestError(error)) {
    showSnackbar({ kind: 'error', message: t('errors.generic') });
  }
}
