import { PRODUCT_NAME, formatZonedMoment } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { partnerUserEmails } from './credentials.repository.js';

/**
 * E-mails that tell an account about a change to how it is protected or paid (decision 030):
 * sent whatever the newsletter preferences, written in the transaction of the change, and
 * holding no secret (a masked phone, the last four characters of an IBAN).
 */
const IF_NOT_YOU = 'If you did not make this change, change your password at once and contact your account manager.';

/** When the change was made, on the reader's clock with its zone named (its users.timezone, null is UTC; decision 112). */
const changeTime = (at: Date, timezone: string | null | undefined) =>
  `Time of the change: ${formatZonedMoment(at, timezone)}.`;

export type TwoFactorChange = 'enabled' | 'phone-changed' | 'disabled' | 'recovery-code-used';

const TWO_FACTOR_TEXT: Record<TwoFactorChange, { subject: string; lines: (phone: string, left: number) => string[] }> =
  {
    enabled: {
      subject: 'Two-factor authentication is on',
      lines: (phone) => [
        `Two-factor authentication was turned on for your ${PRODUCT_NAME} account: each sign-in now asks for a code sent to ${phone}.`,
        'Every other session of the account was signed out, and ten recovery codes were shown once on the screen.',
      ],
    },
    'phone-changed': {
      subject: 'Your two-factor phone number changed',
      lines: (phone) => [
        `Sign-in codes for your ${PRODUCT_NAME} account now go to ${phone}.`,
        'Every other session of the account was signed out, and new recovery codes replace the old ones.',
      ],
    },
    disabled: {
      subject: 'Two-factor authentication is off',
      lines: () => [
        `Two-factor authentication was turned off for your ${PRODUCT_NAME} account: signing in now needs only the password.`,
      ],
    },
    'recovery-code-used': {
      subject: 'A recovery code was used to sign in',
      lines: (_phone, left) => [
        `Someone signed in to your ${PRODUCT_NAME} account with one of its recovery codes instead of an SMS code.`,
        `${left} unused recovery code${left === 1 ? '' : 's'} left.`,
      ],
    },
  };

export async function notifyTwoFactorChange(
  tx: DbOrTx,
  mailer: Mailer,
  options: {
    to: string;
    /** The user's zone (users.timezone). */
    timezone: string | null;
    change: TwoFactorChange;
    phone?: string;
    recoveryCodesLeft?: number;
    at: Date;
  },
): Promise<void> {
  const text = TWO_FACTOR_TEXT[options.change];
  await mailer.enqueue(tx, {
    to: options.to,
    kind: `two-factor-${options.change}`,
    subject: text.subject,
    text: [
      'Hello,',
      '',
      ...text.lines(options.phone ?? '', options.recoveryCodesLeft ?? 0),
      changeTime(options.at, options.timezone),
      '',
      IF_NOT_YOU,
    ],
  });
}

/** The last four characters of an IBAN, never more. */
export const ibanTail = (iban: string | null) => (iban ? `•••• ${iban.slice(-4)}` : 'none');

export async function notifyBankDetailsChange(
  tx: DbOrTx,
  mailer: Mailer,
  options: { partnerId: number; changedBy: string; iban: string | null; at: Date },
): Promise<number> {
  const recipients = await partnerUserEmails(tx, options.partnerId);
  for (const { email: to, timezone } of recipients) {
    await mailer.enqueue(tx, {
      to,
      kind: 'bank-details-changed',
      subject: 'Your bank details were changed',
      text: [
        'Hello,',
        '',
        `The bank details of your ${PRODUCT_NAME} partner account were changed by ${options.changedBy}.`,
        `IBAN now on file: ${ibanTail(options.iban)}.`,
        changeTime(options.at, timezone),
        '',
        'Payments go to the new account from now on. ' + IF_NOT_YOU,
      ],
    });
  }
  return recipients.length;
}

/**
 * Tells a staff member at its former address that someone else changed the e-mail it signs in with (decision 067):
 * the new address receives the password resets from now on, so the old one is where a take-over can still be noticed.
 */
export async function notifySignInEmailChange(
  tx: DbOrTx,
  mailer: Mailer,
  options: { to: string; changedBy: string; at: Date },
): Promise<void> {
  await mailer.enqueue(tx, {
    to: options.to,
    kind: 'sign-in-email-changed',
    subject: 'The e-mail you sign in with was changed',
    text: [
      'Hello,',
      '',
      `The e-mail address you sign in to ${PRODUCT_NAME} with was changed by ${options.changedBy}: this address no longer signs in.`,
      `Time of the change: ${options.at.toISOString()} (UTC).`,
      'Every session of the account was signed out and its API keys were revoked.',
      '',
      'If you did not expect this change, contact an administrator at once.',
    ],
  });
}
