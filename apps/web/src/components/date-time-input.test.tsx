import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeInput } from './date-time-input';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeInput
      label="Starts"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      data-testid="starts"
    />
  );
}

describe('DateTimeInput (decision 099)', () => {
  it("shows the value in the app's format and picks it on a 24-hour clock, valued as a datetime-local field", async () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Field initial="2026-12-01T18:30" onChange={onChange} />
        </MantineProvider>
      </I18nextProvider>,
    );
    const field = screen.getByTestId('starts');
    expect(field.textContent).toBe('01/12/2026 18:30');
    await userEvent.click(field);
    // The picker's code comes with the press (decision 122), then it opens; the dropdown mounts after its open
    // transition starts: waited for, not read at once.
    const dialog = await waitFor(() => {
      const element = document.getElementById(screen.getByTestId('starts').getAttribute('aria-controls') ?? '');
      expect(element).not.toBeNull();
      return element!;
    });
    // Hours and minutes, no AM/PM: the locale's clock has 24 hours.
    expect(within(dialog).getByLabelText('Hours')).toBeTruthy();
    expect(within(dialog).queryByLabelText('AM or PM')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '5 December 2026', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this date and time', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05T18:30');
    expect(screen.getByTestId('starts').textContent).toBe('05/12/2026 18:30');
  });

  it('is empty for an empty value and clears back to one', async () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <Field initial="2026-12-01T18:30" onChange={onChange} />
        </MantineProvider>
      </I18nextProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
