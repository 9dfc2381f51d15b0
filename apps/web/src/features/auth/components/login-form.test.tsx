import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '@portal/contracts';
import { answerOf, errorOf, renderWithProviders } from '@/test/render';
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
    fetchMock.mockResolvedValue(answerOf(authEndpoints.login, { bearer: 'tok', expireAt }));
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
    fetchMock.mockResolvedValue(errorOf(401, 'Invalid credentials'));
    renderWithProviders(<LoginForm redirectTo="/" />, { path: '/login' });

    await user.type(screen.getByLabelText(/^Email/), 'partner@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(submitButton());

    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.getAttribute('data-kind')).toBe('error');
    expect(snackbar.textContent).toContain('Incorrect username or password.');
    expect(Cookies.get('token')).toBeUndefined();
  });
  describe('with two-factor authentication', () => {
    const challenge = {
      twoFactorRequired: true as const,
      challenge: 'chal-123',
      phone: '+33 •••••••78',
      codeExpireAt: new Date(Date.now() + 600_000).toISOString(),
    };

    async function passwordStep(user: ReturnType<typeof userEvent.setup>, rememberMe = false) {
      await user.type(screen.getByLabelText(/^Email/), 'partner@example.com');
      await user.type(screen.getByLabelText(/^Password/), 'Secret123');
      if (rememberMe) await user.click(screen.getByLabelText('Remember me'));
      await user.click(submitButton());
      await screen.findByTestId('login-two-factor');
    }

    it('asks for the SMS code, then signs in with it', async () => {
      const user = userEvent.setup();
      const expireAt = new Date(Date.now() + 86_400_000).toISOString();
      fetchMock
        .mockResolvedValueOnce(answerOf(authEndpoints.login, challenge))
        .mockResolvedValueOnce(answerOf(authEndpoints.loginTwoFactor, { bearer: 'tok-2fa', expireAt }));
      const { router } = renderWithProviders(<LoginForm redirectTo="/offers" />, { path: '/login' });

      await passwordStep(user, true);
      expect(Cookies.get('token')).toBeUndefined();
      expect(screen.getByText('Enter the 6-digit code we sent by SMS to +33 •••••••78.')).toBeTruthy();
      const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
      await user.type(screen.getByLabelText(/^Verification code/), '12345');
      await waitFor(() => expect(verify.disabled).toBe(true));
      await user.type(screen.getByLabelText(/^Verification code/), '6');
      await waitFor(() => expect(verify.disabled).toBe(false));
      await user.click(verify);

      await waitFor(() => expect(router.state.location.pathname).toBe('/offers'));
      const [url, init] = fetchMock.mock.calls[1] ?? [];
      expect(url).toBe('/api/v1/login/two-factor');
      expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'chal-123', code: '123456' });
      expect(Cookies.get('token')).toBe('tok-2fa');
    });

    it('shows a wrong code under the field and stays on the step; "Back to sign in" returns', async () => {
      const user = userEvent.setup();
      fetchMock
        .mockResolvedValueOnce(answerOf(authEndpoints.login, challenge))
        .mockResolvedValueOnce(errorOf(400, 'The code is incorrect.', { code: 'The code is incorrect.' }));
      renderWithProviders(<LoginForm redirectTo="/" />, { path: '/login' });
      await passwordStep(user);
      await user.type(screen.getByLabelText(/^Verification code/), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('The code is incorrect.')).toBeTruthy();
      expect(Cookies.get('token')).toBeUndefined();
      await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(submitButton()).toBeTruthy();
    });
  });
});
