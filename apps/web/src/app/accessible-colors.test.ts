import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { accessibleColors, contrastRatio, LIGHT_VARIANT_CONTRAST, SHADE_CONTRAST_ON_WHITE } from './accessible-colors';

describe('the accessible palettes (decision 047)', () => {
  it('reads every text and fill shade on white at AA, and the light variant on its background', () => {
    for (const [name, palette] of Object.entries(accessibleColors)) {
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
    expect(accessibleColors.dark).toBeUndefined();
    for (const [name, palette] of Object.entries(accessibleColors)) {
      const original = DEFAULT_THEME.colors[name]!;
      expect(palette.slice(0, 6), name).toEqual(original.slice(0, 6));
      for (const shade of [6, 7, 8, 9])
        if (contrastRatio(original[shade]!, '#ffffff') >= SHADE_CONTRAST_ON_WHITE[shade as 6 | 7 | 8 | 9] + 0.01)
          expect(palette[shade], `${name}.${shade}`).toBe(original[shade]);
    }
  });
});
