import { Group } from '@mantine/core';
import type { ComboboxItem, ComboboxLikeRenderOptionInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { FLAG_BASE, FLAG_CODES } from 'virtual:country-flags';
import './lean.css';

// The flags of country-flag-icons (3:2 SVGs), each a file of its own in one folder (vite/country-flags.ts): a page
// downloads the flags it shows and no other (decision 048), and its scripts hold only the folder and the codes the set
// has (decision 149). The emoji stays in the data (spec section 3) but is never drawn: Windows and headless Chromium
// cannot draw it (decision 124).
const FLAG_SET = new Set(FLAG_CODES.split(' '));

/** The address of a country's SVG flag, by ISO 3166-1 alpha-2 code; undefined for a code the set lacks. */
export function flagUrl(isoCode: string): string | undefined {
  const code = isoCode.toUpperCase();
  return FLAG_SET.has(code) ? `${FLAG_BASE}${code}.svg` : undefined;
}

type CountryFlagProps = {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** The country's name: the image's alternative text and tooltip. Leave it out beside a visible name. */
  name?: string;
  /** Height in pixels; the width follows the 3:2 ratio. */
  height?: number;
};

/**
 * A country's flag as an image named by the country (a plain grey SVG for a code the set lacks, never the emoji, which
 * few systems draw). Beside the visible name (a select's option), it is decorative: `alt=""`.
 */
export function CountryFlag({ code, name, height = 16 }: CountryFlagProps) {
  const url = flagUrl(code);
  const label = name ?? '';
  const common = { 'data-testid': 'country-flag', 'data-code': code, title: name };
  if (!url) {
    // No emoji (issue 47 item 9: most systems draw it as an empty box): a plain grey flag, drawn as SVG like the others.
    const width = Math.round((height * 3) / 2);
    return (
      <svg
        data-testid="country-flag"
        data-code={code}
        role="img"
        aria-label={label || undefined}
        aria-hidden={label ? undefined : true}
        width={width}
        height={height}
        viewBox="0 0 3 2"
        style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: 2 }}
      >
        {name ? <title>{name}</title> : null}
        <rect width="3" height="2" fill="#dee2e6" />
      </svg>
    );
  }
  return (
    <img
      {...common}
      src={url}
      alt={label}
      width={Math.round((height * 3) / 2)}
      height={height}
      loading="lazy"
      decoding="async"
      style={{
        display: 'inline-block',
        verticalAlign: 'middle',
        borderRadius: 2,
        boxShadow: '0 0 0 1px rgba(0,0,0,.12)',
      }}
    />
  );
}

/** A country select's option: the flag (decorative) before the name; options with no country code (e.g. "all") as they are. */
export function renderCountryOption({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>): ReactNode {
  if (!flagUrl(option.value)) return option.label;
  return (
    <Group gap="xs" wrap="nowrap">
      <CountryFlag code={option.value} />
      <span>{option.label}</span>
    </Group>
  );
}

/** The selected country's flag, for a select's left section (nothing when none, or "all", is selected). */
export function countryFlagSection(value: string | null | undefined): ReactNode {
  return value && flagUrl(value) ? <CountryFlag code={value} /> : null;
}

/**
 * A visitor's country as the reports show it (decision 110): its SVG flag, decorative, before its code or name, on
 * one line; nothing for a country that could not be placed.
 */
export function CountryLabel({ code, name }: { code: string; name?: string }) {
  if (!code) return null;
  return (
    <span className="lean-country-label" data-testid="country-label">
      <CountryFlag code={code} />
      <span>{name ?? code}</span>
    </span>
  );
}
