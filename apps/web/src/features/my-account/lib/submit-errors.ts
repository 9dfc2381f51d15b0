import type { TFunction } from 'i18next';
import { isApiRequestError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { showSnackbar } from '@/lib/snackbar';

/**
 * After a refused save: field errors go under their fields, anything else is shown once.
 * Other statuses were already shown by the api-client.
 */
export function showSaveErrors<F extends string>(
  t: TFunction,
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
) {
  if (isApiRequestError(error, 400) || isApiRequestError(error, 409) || isApiRequestError(error, 422)) {
    const unmatched = applyServerErrors(error.errors, fields, setError);
    if (unmatched.length > 0 || !error.errors) {
      showSnackbar({ kind: 'error', message: error.message || t('errors.generic'), details: unmatched });
    }
    return;
  }
  if (!isApiRequestError(error)) showSnackbar({ kind: 'error', message: t('errors.generic') });
}
