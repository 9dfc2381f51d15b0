import { BUILD_DATE, BUILD_LABEL, FORM_ERROR_TEXT, PRODUCT_NAME, PRODUCT_TAGLINE } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import en from './en.json';

/** The texts the spec fixes live in contracts; en.json must not drift from them. */
describe('en.json', () => {
  it('copies every form error text from contracts', () => {
    expect(en.formError).toEqual(FORM_ERROR_TEXT);
  });

  it('carries the fixed product texts', () => {
    expect(en.app.productName).toBe(PRODUCT_NAME);
    expect(en.app.tagline).toBe(PRODUCT_TAGLINE);
    expect(en.shell.buildLabel).toBe(BUILD_LABEL);
    expect(en.shell.buildDate).toBe(BUILD_DATE);
  });

  it('keeps the spec error catalogue texts', () => {
    expect(en.errors.accessDenied).toBe('Access denied.');
    expect(en.login.invalidCredentials).toBe('Incorrect username or password.');
    expect(en.register.emailExists).toBe('An account with this email already exists.');
    expect(en.api.empty).toBe('No reporting.');
  });
});
