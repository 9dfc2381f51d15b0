import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CountryFlags } from './country-flags';

const flags = () => screen.queryAllByTestId('country-flag').map((flag) => flag.getAttribute('data-code'));

describe('CountryFlags', () => {
  it('shows the first five flags, then a ...(n) expander revealing the rest', async () => {
    const user = userEvent.setup();
    const codes = ['FR', 'BE', 'CH', 'LU', 'DE', 'IT', 'ES', 'PT'];
    renderWithProviders(<CountryFlags codes={codes} nameOf={(code) => `Country ${code}`} />);
    expect(flags()).toEqual(['FR', 'BE', 'CH', 'LU', 'DE']);
    // Drawn as SVG images (decision 048), each named by its country.
    const france = screen.getByRole('img', { name: 'Country FR' });
    expect(france.tagName).toBe('IMG');
    expect(france.getAttribute('src')).toMatch(/FR\.svg$/);
    expect(france.getAttribute('title')).toBe('Country FR');
    const toggle = screen.getByTestId('country-flags-toggle');
    expect(toggle.textContent).toBe('...(3)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(flags()).toEqual(codes);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(flags()).toHaveLength(5);
  });

  it('falls back to a plain SVG flag, still named, never the emoji, for a code the flag set lacks', () => {
    renderWithProviders(<CountryFlags codes={['XX']} nameOf={() => 'Nowhere'} />);
    const flag = screen.getByRole('img', { name: 'Nowhere' });
    expect(flag.tagName.toLowerCase()).toBe('svg');
    expect(flag.textContent).toBe('Nowhere');
    expect(document.body.textContent).not.toMatch(/\p{Regional_Indicator}/u);
  });

  it('has no expander for five countries or fewer', () => {
    renderWithProviders(<CountryFlags codes={['FR', 'BE', 'CH', 'LU', 'DE']} />);
    expect(flags()).toHaveLength(5);
    expect(screen.queryByTestId('country-flags-toggle')).toBeNull();
  });
});
