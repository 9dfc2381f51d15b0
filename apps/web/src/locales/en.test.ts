import fs from 'node:fs';
import path from 'node:path';
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

describe('en-staff.json', () => {
  it('holds the staff console’s texts alone, which en.json (every page’s) leaves out', () => {
    // Read from the files: i18next merges the staff texts into the object it was given (test/setup.ts adds them).
    const file = (name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, name), 'utf8')) as object;
    expect(Object.keys(file('en-staff.json'))).toEqual(['staff']);
    expect(Object.keys(file('en.json'))).not.toContain('staff');
  });
});
