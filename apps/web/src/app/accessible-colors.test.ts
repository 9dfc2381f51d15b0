import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { accessibleColors, contrastRatio, LIGHT_VARIANT_CONTRAST, SHADE_CONTRAST_ON_WHITE } from './accessible-colors';
import { themeColors } from './theme-colors';

/** theme-colors.ts as accessibleColors() works it out, laid out as the repository's Prettier lays it out. */
async function themeColorsFile(file: string): Promise<string> {
  const palettes = Object.entries(accessibleColors())
    .map(([name, palette]) => `  ${name}: [${palette.map((shade) => `'${shade}'`).join(', ')}],`)
    .join('\n');
  const text = [
    "import type { MantineColorsTuple } from '@mantine/core';",
    '',
    '// Written by accessible-colors.test.ts (UPDATE_THEME_COLORS=1) from accessibleColors(): do not edit by hand.',
    '',
    "/** The theme's `colors`: Mantine's palettes with shades 6 to 9 made readable (accessible-colors.ts, decision 047). */",
    'export const themeColors: Record<string, MantineColorsTuple> = {',
    palettes,
    '};',
    '',
  ].join('\n');
  return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
}

describe('the accessible palettes (decision 047)', () => {
  it('are what the theme draws with: theme-colors.ts is accessibleColors() worked out (decision 059)', async () => {
    const file = path.join(import.meta.dirname, 'theme-colors.ts');
    const expected = await themeColorsFile(file);
    if (process.env.UPDATE_THEME_COLORS) fs.writeFileSync(file, expected);
    expect(themeColors).toEqual(accessibleColors());
    expect(fs.readFileSync(file, 'utf8')).toBe(expected);
  });

  it('reads every text and fill shade on white at AA, and the light variant on its background', () => {
    for (const [name, palette] of Object.entries(themeColors)) {
      for (const shade of [6, 7, 8, 9] as const) {
        expect(contrastRatio(palette[shade], '#ffffff'), `${name}.${shade}`).toBeGreaterThanOrEqual(
          SHADE_CONTRAST_ON_WHITE[shade],
        );
      }
      expect(contrastRatio(palette[9], palette[1]), `${name}.9 on ${name}.1`).toBeGreaterThanOrEqual(
        LIGHT_VARIANT_CONTRAST,
      );
    }
  });

  it('keeps the light shades and the dark scheme as Mantine has them, and darkens only what is too light', () => {
    expect(themeColors.dark).toBeUndefined();
    for (const [name, palette] of Object.entries(themeColors)) {
      const original = DEFAULT_THEME.colors[name]!;
      expect(palette.slice(0, 6), name).toEqual(original.slice(0, 6));
      for (const shade of [6, 7, 8, 9])
        if (contrastRatio(original[shade]!, '#ffffff') >= SHADE_CONTRAST_ON_WHITE[shade as 6 | 7 | 8 | 9] + 0.01)
          expect(palette[shade], `${name}.${shade}`).toBe(original[shade]);
    }
  });
});
