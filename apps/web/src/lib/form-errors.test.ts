import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client';
import { applyServerErrors, handleFormError } from './form-errors';
import { i18n } from './i18n';
import { showSnackbar } from './snackbar';

vi.mock('./snackbar', () => ({ showSnackbar: vi.fn() }));

const snackbar = vi.mocked(showSnackbar);
const t = i18n.t;

const refused = (status: number, message: string, errors: Record<string, string> | null = null) =>
  new ApiRequestError({ status, message, data: null, errors });

const FIELDS = ['email', 'langs'] as const;

beforeEach(() => {
  snackbar.mockReset();
});

describe('applyServerErrors', () => {
  it('puts each path under its field or the field it sits under, and returns the rest', () => {
    const setError = vi.fn();
    const unmatched = applyServerErrors(
      { email: 'Taken.', 'langs.1': 'Unknown language.', hidden: 'Not a field.' },
      FIELDS,
      setError,
    );
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Taken.' }],
      ['langs', { type: 'server', message: 'Unknown language.' }],
    ]);
    expect(unmatched).toEqual(['Not a field.']);
  });
});

describe('handleFormError', () => {
  it.each([400, 409, 422])('puts the field errors of a %i under their fields, without a snackbar', (status) => {
    const setError = vi.fn();
    const handled = handleFormError(refused(status, 'The request is invalid.', { email: 'Taken.' }), {
      t,
      fields: FIELDS,
      setError,
    });
    expect(handled).toBe(true);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken.' });
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('shows the server message once, with what no field could take as details', () => {
    const setError = vi.fn();
    handleFormError(refused(400, 'The request is invalid.', { email: 'Taken.', hidden: 'Not a field.' }), {
      t,
      fields: FIELDS,
      setError,
    });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(snackbar).toHaveBeenCalledTimes(1);
    expect(snackbar).toHaveBeenCalledWith({
      kind: 'error',
      message: 'The request is invalid.',
      details: ['Not a field.'],
    });
  });

  it('shows a refusal without field errors as its message, or the generic text when it has none', () => {
    handleFormError(refused(409, 'You already have 20 active API keys.'), { t, fields: FIELDS, setError: vi.fn() });
    handleFormError(refused(422, ''), { t, fields: FIELDS, setError: vi.fn() });
    expect(snackbar.mock.calls.map(([options]) => options.message)).toEqual([
      'You already have 20 active API keys.',
      'An error occurred.',
    ]);
  });

  it('says the generic text for a failure that is no HTTP answer', () => {
    const handled = handleFormError(new TypeError('Failed to fetch'), { t, fields: FIELDS, setError: vi.fn() });
    expect(handled).toBe(true);
    expect(snackbar).toHaveBeenCalledWith({ kind: 'error', message: 'An error occurred.' });
  });

  it('leaves other statuses to the api-client, which has shown them already', () => {
    const setError = vi.fn();
    for (const status of [401, 403, 404, 500]) {
      expect(handleFormError(refused(status, 'No.', { email: 'Taken.' }), { t, fields: FIELDS, setError })).toBe(false);
    }
    expect(setError).not.toHaveBeenCalled();
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('leaves even a 400 to the api-client when the form does not show bad requests itself', () => {
    expect(handleFormError(refused(400, 'The request is invalid.'), { t, formStatuses: [] })).toBe(false);
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('runs a status of the form’s own (401 on login) instead of anything else', () => {
    const onUnauthorized = vi.fn();
    const error = refused(401, 'Invalid credentials');
    expect(handleFormError(error, { t, onStatus: { 401: onUnauthorized }, formStatuses: [] })).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('runs a status of the form’s own (409 on register) before mapping its field errors', () => {
    const setError = vi.fn();
    const onConflict = vi.fn();
    handleFormError(refused(409, 'This email exists.', { email: 'This email exists.' }), {
      t,
      fields: FIELDS,
      setError,
      onStatus: { 409: onConflict },
    });
    expect(onConflict).toHaveBeenCalledTimes(1);
    expect(setError).not.toHaveBeenCalled();
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('hands a path with a meaning of its own (a refused reset key) to its callback, not to the fields', () => {
    const setError = vi.fn();
    const onKey = vi.fn();
    handleFormError(refused(400, 'The link is invalid.', { key: 'The link is invalid.', email: 'Taken.' }), {
      t,
      fields: FIELDS,
      setError,
      onField: { key: onKey },
    });
    expect(onKey).toHaveBeenCalledWith('The link is invalid.');
    expect(setError).not.toHaveBeenCalled();
    expect(snackbar).not.toHaveBeenCalled();
  });

  it('maps the fields as usual when the special path is absent', () => {
    const setError = vi.fn();
    const onKey = vi.fn();
    handleFormError(refused(400, 'The request is invalid.', { email: 'Taken.' }), {
      t,
      fields: FIELDS,
      setError,
      onField: { key: onKey },
    });
    expect(onKey).not.toHaveBeenCalled();
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Taken.' });
  });
});
