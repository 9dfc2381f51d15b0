import { SNACKBAR_CLOSE_ANIMATION_MS, SNACKBAR_LOGIN_ERROR_MS, isSignInCode, isSignInFilled } from '@portal/contracts';
import type en from '@/locales/en.json';
import { safeRedirect } from '@/lib/safe-redirect';
import { isLoggedIn, parseExpiry, saveSession } from '@/lib/session';
import { postJson, SIGN_IN_PATHS, type Answer } from './api';

/**
 * The sign-in page's behaviour (decision 055), on the markup of login.html (plain HTML whose {{t:…}} marks are texts
 * of en.json, put in at build time by vite/html-texts.ts): the spec's login rules (section 2 and 9:
 * both fields required, the button disabled until then, Enter does nothing either; remember-me; ?redirect=; a 401 is
 * 'Incorrect username or password.' for 3 s, any other refusal the server's message), and the two-factor step of
 * decision 030. A signed-in visitor goes to the dashboard; a sign-in link (?token=…) is the app's, which the server
 * serves for it.
 */

/** The texts login.html carries for this script (its #sign-in-texts data block, filled in at build time). */
export type SignInTexts = {
  login: (typeof en)['login'];
  errors: Pick<(typeof en)['errors'], 'generic'>;
  formError: Pick<(typeof en)['formError'], 'required' | 'pattern'>;
  common: Pick<(typeof en)['common'], 'close'>;
};

type Session = { bearer: string; expireAt: string };
type Challenge = { twoFactorRequired: true; challenge: string; phone: string };

export type SignInPageOptions = {
  /** Full navigations (replace, so that the sign-in page is not in the history). */
  go?: (href: string) => void;
  /** The page's address, for ?redirect=. */
  location?: Pick<Location, 'search'>;
};

function must<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`The sign-in page has no ${selector}.`);
  return element;
}

function isSession(data: unknown): data is Session {
  const record = data as Partial<Session> | null;
  return typeof record?.bearer === 'string' && record.bearer.length > 0 && parseExpiry(record.expireAt) !== null;
}

function isChallenge(data: unknown): data is Challenge {
  const record = data as Partial<Challenge> | null;
  return record?.twoFactorRequired === true && typeof record.challenge === 'string';
}

const SVG = 'http://www.w3.org/2000/svg';

/** Snackbars at the top of the page, as the app draws them (data-testid="snackbar", data-kind). */
function snackbars(document: Document, closeLabel: string) {
  const host = must<HTMLElement>(document, '.snackbars');
  return {
    show(message: string, details: string[] = [], delay?: number) {
      const item = document.createElement('div');
      item.className = 'snackbar';
      item.setAttribute('role', 'alert');
      item.dataset.testid = 'snackbar';
      item.dataset.kind = 'error';
      const text = document.createElement('div');
      text.className = 'snackbar-text';
      text.textContent = message;
      if (details.length > 0) {
        const list = document.createElement('ul');
        for (const detail of details) {
          const line = document.createElement('li');
          line.textContent = detail;
          list.append(line);
        }
        text.append(list);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'snackbar-close';
      close.setAttribute('aria-label', closeLabel);
      // Drawn, not written: the snackbar's text is its message alone.
      const cross = document.createElementNS(SVG, 'svg');
      cross.setAttribute('viewBox', '0 0 16 16');
      cross.setAttribute('width', '16');
      cross.setAttribute('height', '16');
      cross.setAttribute('aria-hidden', 'true');
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', 'M4 4l8 8M12 4l-8 8');
      cross.append(path);
      close.append(cross);
      const dismiss = () => {
        item.dataset.closing = 'true';
        setTimeout(() => item.remove(), SNACKBAR_CLOSE_ANIMATION_MS);
      };
      close.addEventListener('click', dismiss);
      item.append(text, close);
      host.append(item);
      if (delay !== undefined) setTimeout(dismiss, delay);
    },
  };
}

/** An error answer's message and its field messages, or the generic text when the server said nothing. */
function refusal(answer: Answer, generic: string): { message: string; details: string[] } {
  return {
    message: answer.message || generic,
    details: Object.values(answer.errors ?? {}),
  };
}

export function startSignInPage(document: Document, options: SignInPageOptions = {}): void {
  const go = options.go ?? ((href: string) => window.location.replace(href));
  const search = (options.location ?? window.location).search;
  const redirectTo = safeRedirect(new URLSearchParams(search).get('redirect'));
  // Spec section 2: an already signed-in user is sent to /.
  if (isLoggedIn()) {
    go('/');
    return;
  }

  const {
    login: texts,
    errors: errorTexts,
    formError,
    common,
  } = JSON.parse(must<HTMLScriptElement>(document, '#sign-in-texts').textContent ?? '') as SignInTexts;
  const snackbar = snackbars(document, common.close);
  const signInForm = must<HTMLFormElement>(document, '#sign-in-form');
  const email = must<HTMLInputElement>(signInForm, 'input[name="email"]');
  const password = must<HTMLInputElement>(signInForm, 'input[name="password"]');
  const rememberMe = must<HTMLInputElement>(signInForm, 'input[name="rememberMe"]');
  const reveal = must<HTMLButtonElement>(signInForm, '[data-reveal]');
  const signInButton = must<HTMLButtonElement>(signInForm, 'button[type="submit"]');

  const stepForm = must<HTMLFormElement>(document, '#two-factor-form');
  const intro = must<HTMLElement>(stepForm, '[data-intro]');
  const code = must<HTMLInputElement>(stepForm, 'input[name="code"]');
  const codeLabel = must<HTMLLabelElement>(stepForm, 'label[for="two-factor-code"]');
  const codeError = must<HTMLElement>(stepForm, '#two-factor-code-error');
  const verifyButton = must<HTMLButtonElement>(stepForm, 'button[type="submit"]');
  const toggleRecovery = must<HTMLButtonElement>(stepForm, '[data-toggle-recovery]');
  const back = must<HTMLButtonElement>(stepForm, '[data-back]');

  // The overlay is in the page only while it shows, as the app's is.
  const overlayTemplate = must<HTMLTemplateElement>(document, 'template#loading-overlay');
  let overlay: Element | null = null;

  let busy = false;
  /** A session was started: the next page is loading, and the overlay stays until it shows. */
  let leaving = false;
  let pending: { challenge: string; phone: string; rememberMe: boolean } | null = null;
  let recovery = false;

  function setBusy(button: HTMLButtonElement, value: boolean) {
    if (leaving) return;
    busy = value;
    button.setAttribute('aria-busy', String(value));
    if (value)
      overlay ??= document.body.appendChild(overlayTemplate.content.firstElementChild!.cloneNode(true) as Element);
    else {
      overlay?.remove();
      overlay = null;
    }
  }

  function refresh() {
    signInButton.disabled = busy || !isSignInFilled(email.value, password.value);
    verifyButton.disabled = busy || !isSignInCode(code.value);
  }

  function showCodeError(message: string | null) {
    codeError.textContent = message ?? '';
    codeError.hidden = message === null;
    if (message === null) code.removeAttribute('aria-invalid');
    else code.setAttribute('aria-invalid', 'true');
  }

  function startSession(session: Session, remember: boolean) {
    const expiresAt = parseExpiry(session.expireAt);
    if (!expiresAt) throw new Error('The login answer carries no valid expireAt.');
    saveSession(session.bearer, expiresAt, remember);
    leaving = true;
    go(redirectTo);
  }

  function showStep(step: 'sign-in' | 'code') {
    signInForm.hidden = step !== 'sign-in';
    stepForm.hidden = step !== 'code';
    if (step === 'code') code.focus();
    else email.focus();
  }

  function setRecovery(value: boolean) {
    recovery = value;
    code.value = '';
    showCodeError(null);
    intro.textContent = recovery
      ? texts.twoFactorRecoveryIntro
      : texts.twoFactorIntro.replace('{{phone}}', pending?.phone ?? '');
    codeLabel.textContent = recovery ? texts.twoFactorRecoveryCode : texts.twoFactorCode;
    code.inputMode = recovery ? 'text' : 'numeric';
    code.autocomplete = recovery ? 'off' : 'one-time-code';
    code.maxLength = recovery ? 11 : 6;
    toggleRecovery.textContent = recovery ? texts.twoFactorUseSms : texts.twoFactorUseRecovery;
    refresh();
  }

  for (const input of [email, password, code]) input.addEventListener('input', refresh);
  code.addEventListener('input', () => {
    const value = code.value.trim();
    // As the app's form did (validation on change): the rule's text while the code cannot be right.
    const complete = recovery ? value.length >= 10 : value.length >= 6;
    showCodeError(value === '' ? formError.required : complete && !isSignInCode(value) ? formError.pattern : null);
  });
  reveal.addEventListener('click', () => {
    const shown = password.type === 'password';
    password.type = shown ? 'text' : 'password';
    reveal.setAttribute('aria-pressed', String(shown));
  });

  signInForm.addEventListener('submit', (event) => {
    event.preventDefault();
    // The button is disabled too, but Enter in a field must not sign in either.
    if (busy || !isSignInFilled(email.value, password.value)) return;
    const remember = rememberMe.checked;
    setBusy(signInButton, true);
    refresh();
    void postJson(SIGN_IN_PATHS.login, { username: email.value.trim(), password: password.value })
      .then((answer) => {
        if (answer.status === 401) {
          snackbar.show(texts.invalidCredentials, [], SNACKBAR_LOGIN_ERROR_MS);
        } else if (!answer.ok) {
          const { message, details } = refusal(answer, errorTexts.generic);
          snackbar.show(message, details);
        } else if (isChallenge(answer.data)) {
          pending = { challenge: answer.data.challenge, phone: answer.data.phone, rememberMe: remember };
          setRecovery(false);
          showStep('code');
        } else if (isSession(answer.data)) {
          startSession(answer.data, remember);
        } else {
          snackbar.show(errorTexts.generic);
        }
      })
      .catch(() => snackbar.show(errorTexts.generic))
      .finally(() => {
        setBusy(signInButton, false);
        refresh();
      });
  });

  stepForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy || !pending || !isSignInCode(code.value)) return;
    const { challenge, rememberMe: remember } = pending;
    setBusy(verifyButton, true);
    refresh();
    void postJson(SIGN_IN_PATHS.loginTwoFactor, { challenge, code: code.value.trim() })
      .then((answer) => {
        if (answer.ok && isSession(answer.data)) {
          startSession(answer.data, remember);
          return;
        }
        if (answer.ok) {
          snackbar.show(errorTexts.generic);
          return;
        }
        // The server's reason under the field ('The code is incorrect.'), anything else as a snackbar.
        const fieldMessage = answer.errors?.code;
        if (fieldMessage) showCodeError(fieldMessage);
        else {
          const { message, details } = refusal(answer, errorTexts.generic);
          snackbar.show(message, details);
        }
      })
      .catch(() => snackbar.show(errorTexts.generic))
      .finally(() => {
        setBusy(verifyButton, false);
        refresh();
      });
  });

  toggleRecovery.addEventListener('click', () => setRecovery(!recovery));
  back.addEventListener('click', () => {
    pending = null;
    showStep('sign-in');
  });

  // A browser may have filled the fields in (a password manager) before this script ran.
  refresh();
}
