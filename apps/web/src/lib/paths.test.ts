import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds the login href with an encoded redirect', () => {
    expect(paths.login.href('/offers?a=1')).toBe('/login?redirect=%2Foffers%3Fa%3D1');
    expect(paths.login.href()).toBe('/login');
  });
});
