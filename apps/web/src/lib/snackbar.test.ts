import { describe, expect, it } from 'vitest';
import { hasDetails, snackbarAutoClose } from './snackbar';

describe('snackbar rules', () => {
  it('auto-closes success after 2500 ms and keeps warning/error until closed', () => {
    expect(snackbarAutoClose('success')).toBe(2500);
    expect(snackbarAutoClose('warning')).toBe(false);
    expect(snackbarAutoClose('error')).toBe(false);
    expect(snackbarAutoClose('error', 3000)).toBe(3000);
  });

  it('hides details for success and for empty payloads', () => {
    expect(hasDetails('success', { a: 1 })).toBe(false);
    expect(hasDetails('error', [])).toBe(false);
    expect(hasDetails('error', null)).toBe(false);
    expect(hasDetails('error', { email: 'bad' })).toBe(true);
    expect(hasDetails('warning', ['x'])).toBe(true);
  });
});
