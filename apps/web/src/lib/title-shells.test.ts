import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import { screens, type Screen } from './screens';
import { TITLE_SHELLS } from './title-shells';

const textAt = (key: string) =>
  key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], en);

describe('TITLE_SHELLS', () => {
  it('names signed-in screens of the table, each with a title in the locale file', () => {
    for (const [address, key] of Object.entries(TITLE_SHELLS)) {
      const screen = (Object.values(screens) as Screen[]).find((item) => matchPath(item.path, address));
      expect(screen?.area, address).toMatch(/^(partner|staff)$/);
      expect(typeof textAt(key), key).toBe('string');
    }
  });
});
