import { describe, expect, it } from 'vitest';
import { paths, safeRedirect } from './paths';

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/offers?page=2')).toBe('/offers?page=2');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });

  it('builds the login href with an encoded redirect', () => {
    expect(paths.login.href('/offers?a=1')).toBe('/login?redirect=%2Foffers%3Fa%3D1');
    expect(paths.login.href()).toBe('/login');
  });
});
