import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, SNACKBAR_CLOSE_ANIMATION_MS, SNACKBAR_LOGIN_ERROR_MS } from '@portal/contracts';
import en from '@/locales/en.json';
import { themeColors } from '@/app/theme-colors';
import { saveSession } from '@/lib/session';
import { fillTexts } from '../../vite/html-texts';
import { SIGN_IN_PATHS } from './api';
import { startSignInPage } from './sign-in-page';

const webRoot = path.resolve(import.meta.dirname, '../..');
const html = fillTexts(fs.readFileSync(path.join(webRoot, 'login.html'), 'utf8'), en);
const fetchMock = vi.fn<typeof fetch>();
const go = vi.fn<(href: string) => void>();

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** login.html as the build writes it, its script started. */
function openPage(search = '') {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  document.title = parsed.title;
  document.body.innerHTML = parsed.body.innerHTML;
  startSignInPage(document, { go, location: { search } });
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });
const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });

function fillIn(address = 'partner@demo.test', secret = 'Partner2025!') {
  type(email(), address);
  type(password(), secret);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  go.mockReset();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the built page', () => {
  it('carries the texts of en.json, escaped, and none of its {{t:…}} marks', () => {
    expect(html).not.toMatch(/\{\{(t|texts):\w/);
    openPage();
    expect(document.title).toBe(`${en.login.title} | ${en.app.productName}`);
    expect(screen.getByTestId('page-title').textContent).toBe('Sign in');
    expect(screen.getByTestId('tagline').textContent).toBe(en.app.tagline);
    expect(screen.getByRole('img', { name: en.app.logoAlt })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/password-lost');
    expect(screen.getByRole('link', { name: 'Request an account' }).getAttribute('href')).toBe('/register');
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(false);
    expect(fillTexts('<p title="{{t:x.y}}">', { x: { y: 'a "b" <c> & d' } })).toBe(
      '<p title="a &quot;b&quot; &lt;c&gt; &amp; d">',
    );
    expect(() => fillTexts('{{t:login.nothing}}', en)).toThrow("No text 'login.nothing'");
  });

  it('calls the contracts’ paths', () => {
    expect(SIGN_IN_PATHS.login).toBe(authEndpoints.login.path);
    expect(SIGN_IN_PATHS.loginTwoFactor).toBe(authEndpoints.loginTwoFactor.path);
  });

  it('draws with the theme’s colours (app/theme-colors.ts)', () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'sign-in-page.css'), 'utf8');
    const variable = (name: string) => new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(css)?.[1];
    expect(variable('primary')).toBe(themeColors.indigo?.[6]);
    expect(variable('primary-hover')).toBe(themeColors.indigo?.[7]);
    expect(variable('error')).toBe(themeColors.red?.[6]);
    expect(variable('dimmed')).toBe(themeColors.gray?.[7]);
  });
});

describe('signing in', () => {
  it('keeps the button disabled while a field is empty, and Enter does nothing either', () => {
    openPage();
    expect(signInButton()).toHaveProperty('disabled', true);
    type(email(), 'partner@demo.test');
    expect(signInButton()).toHaveProperty('disabled', true);
    type(password(), 'x');
    expect(signInButton()).toHaveProperty('disabled', false);
    type(email(), '   ');
    expect(signInButton()).toHaveProperty('disabled', true);
    fireEvent.submit(document.getElementById('sign-in-form')!);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed email, stores the session and goes to ?redirect', async () => {
    const expireAt = new Date(Date.now() + 3_600_000).toISOString();
    fetchMock.mockResolvedValue(answer(200, { data: { bearer: 'tok-1', expireAt } }));
    openPage('?redirect=%2Fpayments');
    fillIn('  partner@demo.test ');
    fireEvent.click(signInButton());
    await waitFor(() => expect(go).toHaveBeenCalledWith('/payments'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'partner@demo.test', password: 'Partner2025!' });
    expect(Cookies.get('token')).toBe('tok-1');
    expect(Cookies.get('expiry')).toBe(expireAt);
  });

  it('shows the global loading overlay while the sign-in is on its way: gone on an error, kept while the next page loads', async () => {
    const overlay = () => screen.queryByTestId('loading-overlay');
    let answerWith: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answerWith = resolve)));
    openPage();
    expect(overlay()).toBeNull();
    fillIn();
    fireEvent.click(signInButton());
    expect(within(overlay()!).getByRole('status', { name: en.app.loading })).toBeTruthy();
    answerWith(answer(500, { status: 500, message: null, data: null, errors: null }));
    await screen.findByTestId('snackbar');
    expect(overlay()).toBeNull();
    expect(signInButton()).toHaveProperty('disabled', false);

    fireEvent.click(signInButton());
    expect(overlay()).not.toBeNull();
    answerWith(answer(200, { data: { bearer: 'tok-2', expireAt: new Date(Date.now() + 3_600_000).toISOString() } }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getAllByTestId('loading-overlay')).toHaveLength(1);
    expect(signInButton()).toHaveProperty('disabled', true);
  });

  it('goes to / for a redirect off the site or back to /login', async () => {
    for (const search of [
      '?redirect=https%3A%2F%2Fevil.test',
      '?redirect=%2F%2Fevil.test',
      '?redirect=%2Flogin',
      // Browsers drop tab, CR and LF: '/\t/evil.test' would be '//evil.test' (decision 031).
      '?redirect=/%09/evil.test/x',
      '?redirect=/%0a/evil.test/x',
      '?redirect=/%0d/evil.test/x',
      '?redirect=/%5Cevil.test',
    ]) {
      fetchMock.mockResolvedValue(answer(200, { data: { bearer: 't', expireAt: '2999-01-01T00:00:00Z' } }));
      go.mockReset();
      openPage(search);
      fillIn();
      fireEvent.click(signInButton());
      await waitFor(() => expect(go).toHaveBeenCalledWith('/'));
    }
  });

  it('says "Incorrect username or password." for 3 s on a 401, and keeps the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValue(answer(401, { status: 401, message: 'Unauthorized', data: null, errors: null }));
    openPage();
    fillIn();
    fireEvent.click(signInButton());
    const snackbar = await screen.findByTestId('snackbar');
    expect(snackbar.textContent).toBe(en.login.invalidCredentials);
    expect(snackbar.dataset.kind).toBe('error');
    expect(snackbar.getAttribute('role')).toBe('alert');
    expect(go).not.toHaveBeenCalled();
    expect(signInButton()).toHaveProperty('disabled', false);
    vi.advanceTimersByTime(SNACKBAR_LOGIN_ERROR_MS - 500);
    expect(screen.queryByTestId('snackbar')).not.toBeNull();
    vi.advanceTimersByTime(500 + SNACKBAR_CLOSE_ANIMATION_MS);
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('shows the server’s message for any other refusal, until closed, and the generic text with no answer', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(403, { status: 403, message: 'Your account is not active yet.', data: null, errors: null }),
    );
    openPage();
    fillIn();
    fireEvent.click(signInButton());
    const refused = await screen.findByTestId('snackbar');
    expect(refused.textContent).toContain('Your account is not active yet.');
    fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('snackbar')).toBeNull(), { timeout: 3000 });

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await waitFor(() => expect(signInButton()).toHaveProperty('disabled', false));
    fireEvent.click(signInButton());
    expect((await screen.findByTestId('snackbar')).textContent).toContain(en.errors.generic);
  });

  it('sends a signed-in visitor to / at once', () => {
    saveSession('mine', new Date(Date.now() + 60_000), false);
    openPage('?redirect=%2Foffers');
    expect(go).toHaveBeenCalledWith('/');
  });

  it('shows the password on demand, and says which state the toggle is in', () => {
    openPage();
    const toggle = screen.getByRole('button', { name: en.app.toggleVisibility });
    expect(password().getAttribute('type')).toBe('password');
    fireEvent.click(toggle);
    expect(password().getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('the two-factor step', () => {
  const challenge = { twoFactorRequired: true, challenge: 'ch-1', phone: '+49 •••••••••33', codeExpireAt: 'x' };

  async function toStep(search = '') {
    fetchMock.mockResolvedValueOnce(answer(200, { data: challenge }));
    openPage(search);
    fillIn();
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(signInButton());
    const step = await screen.findByTestId('login-two-factor');
    await waitFor(() => expect(step.hidden).toBe(false));
    return step;
  }

  it('asks for the SMS code, then signs in with it and goes on', async () => {
    const step = await toStep('?redirect=%2Freports');
    expect(step.textContent).toContain('Enter the 6-digit code we sent by SMS to +49 •••••••••33.');
    expect(document.getElementById('sign-in-form')!.hidden).toBe(true);
    const code = within(step).getByLabelText('Verification code');
    const verify = within(step).getByRole('button', { name: 'Verify' });
    expect(verify).toHaveProperty('disabled', true);
    type(code, '12345');
    expect(verify).toHaveProperty('disabled', true);
    type(code, '123456');
    expect(verify).toHaveProperty('disabled', false);
    fetchMock.mockResolvedValueOnce(answer(200, { data: { bearer: 'tok-2', expireAt: '2999-01-01T00:00:00.000Z' } }));
    fireEvent.click(verify);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/reports'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ challenge: 'ch-1', code: '123456' });
    expect(Cookies.get('token')).toBe('tok-2');
  });

  it('goes to / after the code too when the redirect leaves the site', async () => {
    const step = await toStep('?redirect=/%09/evil.test/x');
    type(within(step).getByLabelText('Verification code'), '123456');
    fetchMock.mockResolvedValueOnce(answer(200, { data: { bearer: 'tok-3', expireAt: '2999-01-01T00:00:00.000Z' } }));
    fireEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/'));
  });

  it('puts the server’s reason under the code, and takes a recovery code instead', async () => {
    const step = await toStep();
    type(within(step).getByLabelText('Verification code'), '000000');
    fetchMock.mockResolvedValueOnce(
      answer(400, {
        status: 400,
        message: 'The code is incorrect.',
        data: null,
        errors: { code: 'The code is incorrect.' },
      }),
    );
    fireEvent.click(within(step).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(step.textContent).toContain('The code is incorrect.'));
    const field = within(step).getByLabelText('Verification code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('two-factor-code-error');

    fireEvent.click(within(step).getByRole('button', { name: en.login.twoFactorUseRecovery }));
    expect(step.textContent).toContain(en.login.twoFactorRecoveryIntro);
    const recovery = within(step).getByLabelText('Recovery code');
    expect(recovery.getAttribute('aria-invalid')).toBeNull();
    type(recovery, 'k7m2p-x9qrt');
    expect(within(step).getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false);

    fireEvent.click(within(step).getByRole('button', { name: en.login.twoFactorBack }));
    expect(step.hidden).toBe(true);
    expect(document.getElementById('sign-in-form')!.hidden).toBe(false);
  });
});
