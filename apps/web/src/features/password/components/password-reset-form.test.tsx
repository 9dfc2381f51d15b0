import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@portal/contracts';
import { answerOf, errorOf, renderWithProviders } from '@/test/render';
import { PasswordResetForm } from './password-reset-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const passwordInput = () => screen.getByLabelText(/^New password/);
const confirmInput = () => screen.getByLabelText(/^Confirm password/);

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('PasswordResetForm', () => {
  it('shows the placeholder hint and every failing rule with the current length', async () => {
    renderWithProviders(<PasswordResetForm resetKey="k" onSuccess={() => {}} onInvalidKey={() => {}} />);
    expect(passwordInput().getAttribute('placeholder')).toBe('8 characters min + capital letter + number');

    type(passwordInput(), 'abc');
    expect(await screen.findByText('Password must be at least 8 characters long (currently 3).')).not.toBeNull();
    expect(screen.getByText('Password must contain at least one capital letter.')).not.toBeNull();
    expect(screen.getByText('The password must contain at least one number.')).not.toBeNull();

    type(passwordInput(), 'abcdefgH');
    await waitFor(() => expect(screen.queryByText(/at least 8 characters/)).toBeNull());
    expect(screen.queryByText('Password must contain at least one capital letter.')).toBeNull();
    expect(screen.getByText('The password must contain at least one number.')).not.toBeNull();

    type(passwordInput(), 'abcdefgH1');
    await waitFor(() => expect(screen.queryByTestId('password-errors')).toBeNull());
  });

  it('requires the confirmation', async () => {
    renderWithProviders(<PasswordResetForm resetKey="k" onSuccess={() => {}} onInvalidKey={() => {}} />);
    type(passwordInput(), 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the mismatch for exactly 3000 ms and blocks submit', async () => {
    vi.useFakeTimers();
    renderWithProviders(<PasswordResetForm resetKey="k" onSuccess={() => {}} onInvalidKey={() => {}} />);
    type(passwordInput(), 'Secret123');
    type(confirmInput(), 'Secret124');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });

    expect(screen.getByText('The passwords do not match.')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('The passwords do not match.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('The passwords do not match.')).toBeNull();
  });

  it('posts {key, password} and reports success', async () => {
    const onSuccess = vi.fn();
    fetchMock.mockResolvedValue(answerOf(authEndpoints.resetPassword, null));
    renderWithProviders(<PasswordResetForm resetKey="the-key" onSuccess={onSuccess} onInvalidKey={() => {}} />);
    type(passwordInput(), 'Secret123');
    type(confirmInput(), 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/password/reset');
    expect(JSON.parse(String(init?.body))).toEqual({ key: 'the-key', password: 'Secret123' });
  });

  it('puts the server errors under the field without a generic snackbar', async () => {
    fetchMock.mockResolvedValue(errorOf(400, 'Bad request', { password: 'Too common a password.' }));
    renderWithProviders(<PasswordResetForm resetKey="k" onSuccess={() => {}} onInvalidKey={() => {}} />);
    type(passwordInput(), 'Secret123');
    type(confirmInput(), 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Too common a password.')).not.toBeNull();
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('hands a key the server refuses on submit to the invalid-link view, without a snackbar', async () => {
    const onInvalidKey = vi.fn();
    fetchMock.mockResolvedValue(
      errorOf(400, 'The link is either invalid or has expired.', { key: 'The link is either invalid or has expired.' }),
    );
    renderWithProviders(<PasswordResetForm resetKey="k" onSuccess={() => {}} onInvalidKey={onInvalidKey} />);
    type(passwordInput(), 'Secret123');
    type(confirmInput(), 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(onInvalidKey).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });
});
