import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function submitButton() {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
}

describe('LoginForm', () => {
  it('keeps submit disabled until both email and password are filled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm redirectTo="/" />, { path: '/login' });

    expect(submitButton().disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), 'partner@example.com');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.clear(screen.getByLabelText(/^Email/));
    await waitFor(() => expect(submitButton().disabled).toBe(true));

    await user.type(screen.getByLabelText(/^Password/), '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts {username, password}, stores the session and goes to the redirect', async () => {
    const user = userEvent.setup();
    const expireAt = new Date(Date.now() + 86_400_000).toISOString();
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        code: 200,
        success: true,
        message: null,
        errors: null,
        total: null,
        data: { bearer: 'tok', expireAt },
      }),
    );
    const { router } = renderWithProviders(<LoginForm redirectTo="/offers" />, { path: '/login' });

    await user.type(screen.getByLabelText(/^Email/), 'partner@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(submitButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/login');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'partner@example.com', password: 'Secret123' });
    expect(Cookies.get('token')).toBe('tok');
    expect(Cookies.get('expiry')).toBe(expireAt);
  });

  it('says "Incorrect username or password." on 401', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 401, message: 'Invalid credentials', data: null, errors: null }),
    );
    renderWithProviders(<LoginForm redirectTo="/" />, { path: '/login' });

    await user.type(screen.getByLabelText(/^Email/), 'partner@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(submitButton());

    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.getAttribute('data-kind')).toBe('error');
    expect(snackbar.textContent).toContain('Incorrect username or password.');
    expect(Cookies.get('token')).toBeUndefined();
  });
});
