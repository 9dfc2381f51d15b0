import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palettes with shades 6 to 9 darkened, hue kept, until they read on white at WCAG AA (decision 047).
 * Shade 6 is what the theme draws text, links, outlines and filled backgrounds (under white text) with, and 9 is
 * the text of the light variant (badges, alerts) on shade 1: Mantine's own green 6 gives 2.4:1, its yellow 9 on
 * yellow 1 2.7:1. Shades 0 to 5 (backgrounds, borders) are left as they are, and so is `dark`, which is the dark
 * scheme's backgrounds.
 */

/** The least contrast each shade keeps against white: 4.5 is AA for body text, with room for grey-0 rows. */
export const SHADE_CONTRAST_ON_WHITE = { 6: 5.2, 7: 6, 8: 6.8, 9: 7.6 } as const;
/** The least contrast of shade 9 (the light variant's text) on shade 1 (its background). */
export const LIGHT_VARIANT_CONTRAST = 5;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(parseHex(a)), relativeLuminance(parseHex(b))].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour darkened (every channel scaled down alike, so the hue stays) until it meets the test. */
function darkenUntil(hex: string, meets: (candidate: string) => boolean): string {
  const rgb = parseHex(hex);
  for (let factor = 1; factor > 0; factor -= 0.01) {
    const candidate = toHex(rgb.map((c) => c * factor) as Rgb);
    if (meets(candidate)) return candidate;
  }
  return '#000000';
}

/** One palette with its shades 6 to 9 made readable (each at least as dark as the one before). */
export function accessiblePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  for (const shade of [6, 7, 8, 9] as const) {
    const before = shades[shade - 1]!;
    shades[shade] = darkenUntil(
      shades[shade]!,
      (candidate) =>
        contrastRatio(candidate, '#ffffff') >= SHADE_CONTRAST_ON_WHITE[shade] &&
        (shade === 6 || contrastRatio(candidate, '#ffffff') >= contrastRatio(before, '#ffffff')) &&
        (shade !== 9 || contrastRatio(candidate, shades[1]!) >= LIGHT_VARIANT_CONTRAST),
    );
  }
  return shades as unknown as MantineColorsTuple;
}

/**
 * Every default palette but `dark`, made readable: what theme-colors.ts holds, worked out once rather than on every
 * page load (a few thousand contrast sums, 25 ms of a phone's start; decision 059). accessible-colors.test.ts holds
 * the two equal, and writes theme-colors.ts anew when asked (UPDATE_THEME_COLORS=1).
 */
export function accessibleColors(): Record<string, MantineColorsTuple> {
  return Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, palette]) => [name, accessiblePalette(palette)]),
  );
}
