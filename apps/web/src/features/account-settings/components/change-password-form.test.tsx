import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@portal/contracts';
import { answerOf, errorOf, renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const update = () => screen.getByRole('button', { name: 'Update' });

describe('ChangePasswordForm', () => {
  it('shows every password rule that fails', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm />);
    await user.type(field('New password'), 'abc');
    const errors = await screen.findByTestId('password-errors');
    expect(errors.textContent).toContain('Password must be at least 8 characters long (currently 3).');
    expect(errors.textContent).toContain('Password must contain at least one capital letter.');
    expect(errors.textContent).toContain('The password must contain at least one number.');
  });

  it('says "The passwords do not match." for 3000 ms and sends nothing', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<ChangePasswordForm />);
    await user.type(field('Current password'), 'Old-password1');
    await user.type(field('New password'), 'BrandNew2025');
    await user.type(field('Confirm password'), 'BrandNew2026');
    await user.click(update());
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText('The passwords do not match.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(screen.queryByText('The passwords do not match.')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts {currentPassword, password, revokeApiKeys}, shows a server error under its field, then the success', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        errorOf(400, 'The current password is incorrect.', { currentPassword: 'The current password is incorrect.' }),
      )
      .mockResolvedValueOnce(
        answerOf(authEndpoints.changePassword, null, {
          message: 'Your password has been updated successfully.',
        }),
      );
    renderWithProviders(<ChangePasswordForm />);
    await user.type(field('Current password'), 'Wrong-password1');
    await user.type(field('New password'), 'BrandNew2025');
    await user.type(field('Confirm password'), 'BrandNew2025');
    await user.click(update());
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/account/change-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'Wrong-password1',
      password: 'BrandNew2025',
      revokeApiKeys: true,
    });

    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'Old-password1');
    // The API keys go with the old password unless the box is unticked.
    const revoke = screen.getByLabelText<HTMLInputElement>(/revoke my reporting API keys/);
    expect(revoke.checked).toBe(true);
    await user.click(revoke);
    await user.click(update());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toMatchObject({ revokeApiKeys: false });
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.textContent).toContain('Your password has been updated successfully.');
    expect(snackbar.getAttribute('data-kind')).toBe('success');
    await waitFor(() => expect((field('New password') as HTMLInputElement).value).toBe(''));
  });
});
