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
    expect(screen.getAllByTestId('country-flag')[0]?.textContent).toBe('🇫🇷');
    expect(screen.getByTitle('Country FR')).toBeTruthy();
    const toggle = screen.getByTestId('country-flags-toggle');
    expect(toggle.textContent).toBe('...(3)');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(flags()).toEqual(codes);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(flags()).toHaveLength(5);
  });

  it('has no expander for five countries or fewer', () => {
    renderWithProviders(<CountryFlags codes={['FR', 'BE', 'CH', 'LU', 'DE']} />);
    expect(flags()).toHaveLength(5);
    expect(screen.queryByTestId('country-flags-toggle')).toBeNull();
  });
});
