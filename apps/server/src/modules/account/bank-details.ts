import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_FIELDS, formErrorText } from '@portal/contracts';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AppContext } from '../../context.js';
import { notifyBankDetailsChange, verifyCurrentPassword } from '../credentials/index.js';
import { bankDetailsOf, updatePartnerFields } from './account.repository.js';

/**
 * Saves the payment set of PUT /partner/{id}. Bank details that differ from the stored ones need
 * the signed-in user's current password (a wrong one counts as a failed sign-in), and every
 * enabled user of the partner is told by e-mail in the transaction of the change (decision 030).
 * Saving the same details again needs neither. A change starts the payout hold (decision 072): its moment is kept
 * in the same transaction, and the partner's unpaid invoices wait PAYOUT_HOLD_DAYS from it.
 */
export async function saveBankDetails(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer'>,
  options: {
    userId: number;
    partnerId: number;
    values: Record<string, unknown>;
    currentPassword: string | undefined;
    ip: string;
    now: Date;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { db, config, mailer } = ctx;
  const { userId, partnerId, values, now } = options;
  const stored = await bankDetailsOf(db, partnerId);
  if (!stored) throw notFound('Partner not found.');
  // An omitted optional field keeps its stored value.
  const changed = PAYMENT_FIELDS.some((key) => key in values && values[key] !== stored[key]);
  if (!changed) return;
  if (!options.currentPassword) {
    throw badRequest('Enter your current password to change the bank details.', {
      currentPassword: formErrorText('required'),
    });
  }
  const { email } = await verifyCurrentPassword(db, config, {
    userId,
    password: options.currentPassword,
    ip: options.ip,
    now,
    field: 'currentPassword',
    message: 'The current password is incorrect.',
  });
  const iban = 'iban' in values ? (values.iban as string | null) : stored.iban;
  await db.transaction(async (tx) => {
    await updatePartnerFields(tx, partnerId, { ...values, bankDetailsChangedAt: now }, now);
    await notifyBankDetailsChange(tx, mailer, { partnerId, changedBy: email, iban, at: now });
  });
  void mailer.drain().catch(() => undefined);
  options.log.info({ userId, partnerId }, 'bank details changed');
}
