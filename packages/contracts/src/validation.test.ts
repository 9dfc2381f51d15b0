import { describe, expect, it } from 'vitest';
import { NewPasswordFormSchema, PasswordResetBodySchema } from './passwords.js';
import { RegisterBodySchema } from './register.js';
import { formErrorText, isValidEmail, passwordProblems } from './validation.js';

describe('password rules (spec section 5)', () => {
  it('names every broken rule', () => {
    expect(passwordProblems('abc')).toEqual(['passwordMinLength', 'passwordCapital', 'passwordNumber']);
    expect(passwordProblems('abcdefgh')).toEqual(['passwordCapital', 'passwordNumber']);
    expect(passwordProblems('Abcdefgh')).toEqual(['passwordNumber']);
    expect(passwordProblems('Abcdefg1')).toEqual([]);
  });

  it('reports the rules as messages, with the lengths for the minimum-length text', () => {
    const result = PasswordResetBodySchema.safeParse({ key: 'k', password: 'ab1' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.filter((i) => i.path[0] === 'password');
    expect(issues.map((i) => i.message)).toEqual(['passwordMinLength', 'passwordCapital']);
    expect(formErrorText('passwordMinLength', { n: 8, m: 3 })).toBe(
      'Password must be at least 8 characters long (currently 3).',
    );
    expect(formErrorText('passwordCapital')).toBe('Password must contain at least one capital letter.');
    expect(formErrorText('passwordNumber')).toBe('The password must contain at least one number.');
    expect(formErrorText('passwordMismatch')).toBe('The passwords do not match.');
  });

  it('requires the confirmation', () => {
    const result = NewPasswordFormSchema.safeParse({ password: 'Abcdefg1', passwordConfirm: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('required');
  });
});

describe('e-mail rule', () => {
  it('accepts ordinary addresses and bounds the lengths', () => {
    expect(isValidEmail('emma@northwind-media.example')).toBe(true);
    expect(isValidEmail('no-at-sign')).toBe(false);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(250)}.com`)).toBe(false);
  });
});

describe('registration payload', () => {
  const valid = {
    companyName: 'Acme',
    firstname: 'Ada',
    lastname: 'Lovelace',
    address: '1 rue de Rivoli',
    zipCode: '75001',
    city: 'Paris',
    country: 'fr',
    email: 'Ada@Example.com',
    phoneNumber: '+33 6 12 34 56 78',
    langs: ['fr'],
    trafficSourceList: ['seo'],
    typology: 'publisher',
    experience: 'lt1',
    verticals: ['finance'],
    estimatedMonthlyRevenue: 'lt1k',
    geographicAreaList: ['europe'],
    websiteUrl: 'https://acme.example',
  };

  it('accepts the required fields alone and normalises country and e-mail', () => {
    const result = RegisterBodySchema.parse(valid);
    expect(result.country).toBe('FR');
    expect(result.email).toBe('ada@example.com');
  });

  it('requires every required field and at least one language', () => {
    for (const field of Object.keys(valid)) {
      const body: Record<string, unknown> = { ...valid };
      delete body[field];
      const result = RegisterBodySchema.safeParse(body);
      expect(result.success, field).toBe(false);
      expect(result.error!.issues[0]!.path[0]).toBe(field);
    }
    const empty = RegisterBodySchema.safeParse({ ...valid, langs: [] });
    expect(empty.error!.issues[0]!.message).toBe('required');
  });

  it('refuses unknown fields and non-web URLs', () => {
    expect(RegisterBodySchema.safeParse({ ...valid, status: 'active' }).success).toBe(false);
    expect(RegisterBodySchema.safeParse({ ...valid, websiteUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
