import { createElement, Fragment } from 'react';
import { notifications } from '@mantine/notifications';
import { SNACKBAR_SUCCESS_MS } from '@portal/contracts';
import { SnackbarDetails } from '@/components/snackbar-details';

export type SnackbarKind = 'success' | 'warning' | 'error';

export type SnackbarOptions = {
  kind: SnackbarKind;
  message: string;
  /** Extra data shown collapsed under the message; ignored for success snackbars. */
  details?: unknown;
  /** Auto-close delay in ms; success defaults to 2500, warning and error stay until closed. */
  delay?: number;
};

/** Where snackbars appear (spec section 8): the stack's place, and each snackbar's own (see showSnackbar). */
export const SNACKBAR_POSITION = 'top-center';

const COLORS: Record<SnackbarKind, string> = { success: 'green', warning: 'yellow', error: 'red' };

/** Details are hidden for success and for "nothing to show" payloads (spec section 8). */
export function hasDetails(kind: SnackbarKind, details: unknown): boolean {
  if (kind === 'success') return false;
  if (details === null || details === undefined || details === '') return false;
  if (Array.isArray(details) && details.length === 0) return false;
  return true;
}

export function snackbarAutoClose(kind: SnackbarKind, delay?: number): number | false {
  if (delay !== undefined) return delay;
  return kind === 'success' ? SNACKBAR_SUCCESS_MS : false;
}

export function showSnackbar({ kind, message, details, delay }: SnackbarOptions): string {
  const body = hasDetails(kind, details)
    ? createElement(Fragment, null, message, createElement(SnackbarDetails, { details }))
    : message;
  return notifications.show({
    message: body,
    color: COLORS[kind],
    autoClose: snackbarAutoClose(kind, delay),
    withCloseButton: true,
    // Its place on each snackbar, not only on the stack (components/snackbar-host.tsx): the stack is loaded with
    // the first snackbar, and until it has mounted the store's default place is another corner.
    position: SNACKBAR_POSITION,
    'data-testid': 'snackbar',
    'data-kind': kind,
  });
}
