import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { NewPasswordFormSchema } from '@portal/contracts';
import { renderWithProviders } from '@/test/render';
import { NewPasswordFields } from './new-password-fields';

/** A form holding more than the two fields, as the account screen's does. */
const Schema = NewPasswordFormSchema.extend({ note: z.string() });

function Form({ mismatch = false }: { mismatch?: boolean }) {
  const form = useForm<z.infer<typeof Schema>>({
    resolver: zodResolver(Schema),
    mode: 'onChange',
    criteriaMode: 'all',
    defaultValues: { note: '', password: '', passwordConfirm: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)} noValidate>
      <NewPasswordFields
        form={form}
        mismatch={mismatch}
        labels={{ password: 'New password', confirm: 'Confirm password', placeholder: 'the rules' }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const passwordInput = () => screen.getByLabelText(/^New password/);
const confirmInput = () => screen.getByLabelText(/^Confirm password/);
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('NewPasswordFields', () => {
  it('labels both fields, hidden, for a new password, each with its own show/hide toggle', () => {
    renderWithProviders(<Form />);
    for (const input of [passwordInput(), confirmInput()]) {
      expect(input.getAttribute('type')).toBe('password');
      expect(input.getAttribute('autocomplete')).toBe('new-password');
      expect(input.getAttribute('placeholder')).toBe('the rules');
      expect(input.getAttribute('maxlength')).toBe('256');
    }
    const toggles = screen.getAllByRole('button', { name: 'Show or hide' });
    expect(toggles).toHaveLength(2);
    fireEvent.mouseDown(toggles[0]!);
    expect(passwordInput().getAttribute('type')).toBe('text');
    expect(confirmInput().getAttribute('type')).toBe('password');
  });

  it('shows every failing rule at once, with the current length, until none is left', async () => {
    renderWithProviders(<Form />);
    type(passwordInput(), 'abc');
    const errors = await screen.findByTestId('password-errors');
    expect(
      within(errors)
        .getAllByText(/./)
        .map((line) => line.textContent),
    ).toEqual([
      'Password must be at least 8 characters long (currently 3).',
      'Password must contain at least one capital letter.',
      'The password must contain at least one number.',
    ]);

    type(passwordInput(), 'abcdefgH');
    await waitFor(() => expect(screen.queryByText(/at least 8 characters/)).toBeNull());
    expect(screen.getByText('The password must contain at least one number.')).not.toBeNull();

    type(passwordInput(), 'abcdefgH1');
    await waitFor(() => expect(screen.queryByTestId('password-errors')).toBeNull());
  });

  it('requires the confirmation', async () => {
    renderWithProviders(<Form />);
    type(passwordInput(), 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).not.toBeNull();
  });

  it("shows the mismatch under the confirmation while the form's flag is on", () => {
    const { unmount } = renderWithProviders(<Form mismatch />);
    expect(screen.getByText('The passwords do not match.')).not.toBeNull();
    unmount();
    renderWithProviders(<Form />);
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
  });
});
