import { isApiRequestError } from '@/lib/api-client';
import { showSnackbar } from '@/lib/snackbar';

export type Errors = Record<string, string>;

/** The field errors of a refused write, or a snackbar with its message. */
export function failed(error: unknown, setErrors: (errors: Errors) => void, fallback: string) {
  if (isApiRequestError(error) && error.errors) setErrors(error.errors);
  showSnackbar({ kind: 'error', message: isApiRequestError(error) ? error.message : fallback });
}
