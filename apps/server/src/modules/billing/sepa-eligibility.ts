import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import type { StaffInvoice } from '@portal/contracts';

/** Why a SEPA credit transfer cannot pay a partner's invoice whatever its status, or null when it can (decision 073). */
export type SepaRefusalOfPartner = NonNullable<StaffInvoice['sepaRefusal']>;

/**
 * Whether a SEPA credit transfer can pay an invoice in `currency` to this partner: euros, by wire, to a valid IBAN
 * (checksum and length, ibantools) of a SEPA country. The invoice's own state (validated, held, in a batch) is
 * checked where it is moved.
 */
export function sepaRefusalOf(partner: {
  paymentMethod: string;
  iban: string | null;
  currency: string;
}): SepaRefusalOfPartner | null {
  if (partner.currency !== 'EUR') return 'not_eur';
  if (partner.paymentMethod !== 'wire') return 'not_wire';
  if (!partner.iban?.trim()) return 'no_iban';
  const iban = electronicFormatIBAN(partner.iban) ?? '';
  if (!isValidIBAN(iban)) return 'invalid_iban';
  if (!isSEPACountry(iban.slice(0, 2))) return 'not_sepa_country';
  return null;
}
