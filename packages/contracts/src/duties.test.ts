import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES } from './constants.js';
import { INVOICE_TRANSITIONS, invoiceMove, invoiceMovesFor } from './billing.js';
import { DUTIES, DUTY_ROLES, performsDuty } from './duties.js';

describe('the duty table (decision 064)', () => {
  it('gives billing runs, invoice moves, batches, advertiser billing and the ledger to admins and finance (decision 079), override approvals to admins alone', () => {
    expect(DUTIES.filter((duty) => performsDuty(['ROLE_FINANCE'], duty))).toEqual([
      'validate_invoice',
      'start_invoice_payment',
      'mark_invoice_paid',
      'send_invoice_back',
      'run_billing',
      'build_payment_batch',
      'approve_payment_batch',
      'bill_advertisers',
      'read_ledger',
    ]);
    expect(DUTIES.filter((duty) => performsDuty(['ROLE_ADMIN'], duty))).toEqual([...DUTIES]);
    for (const role of ['ROLE_ACCOUNT_MANAGER', 'ROLE_TEAM_MANAGER', 'ROLE_PARTNER'])
      expect(
        DUTIES.filter((duty) => performsDuty([role], duty)),
        role,
      ).toEqual([]);
    expect(DUTY_ROLES.approve_payout_override).toEqual(['ROLE_ADMIN']);
  });
});

describe('the invoice transitions (decisions 064, 073)', () => {
  it('go one step forward, or back from in payment when the bank returned it; paid is final', () => {
    const order = INVOICE_STATUSES;
    for (const from of order)
      for (const move of INVOICE_TRANSITIONS[from]) {
        const step = order.indexOf(move.to) - order.indexOf(from);
        expect(step === 1 ? move.duty !== 'send_invoice_back' : step === -1 && move.duty === 'send_invoice_back').toBe(
          true,
        );
      }
    expect(INVOICE_TRANSITIONS.paid).toEqual([]);
    expect(invoiceMove('waiting_for_approval', 'paid')).toBeNull();
    expect(invoiceMove('paid', 'payment_in_progress')).toBeNull();
    expect(invoiceMove('payment_in_progress', 'invoice_validated')?.duty).toBe('send_invoice_back');
    // No send-back from validated (decision 073): a wrong validated invoice is corrected by the next billing request.
    expect(invoiceMove('invoice_validated', 'waiting_for_approval')).toBeNull();
    expect(
      INVOICE_STATUSES.flatMap((from) =>
        INVOICE_TRANSITIONS[from].filter((m) => m.duty === 'send_invoice_back').map((m) => `${from}→${m.to}`),
      ),
    ).toEqual(['payment_in_progress→invoice_validated']);
  });

  it('offer a role only the moves it performs', () => {
    expect(invoiceMovesFor(['ROLE_FINANCE'], 'invoice_validated').map((m) => m.to)).toEqual(['payment_in_progress']);
    expect(invoiceMovesFor(['ROLE_FINANCE'], 'payment_in_progress').map((m) => m.to)).toEqual([
      'paid',
      'invoice_validated',
    ]);
    expect(invoiceMovesFor(['ROLE_ACCOUNT_MANAGER'], 'invoice_validated')).toEqual([]);
    expect(invoiceMovesFor(['ROLE_TEAM_MANAGER', 'ROLE_ACCOUNT_MANAGER'], 'waiting_for_approval')).toEqual([]);
  });
});
