import anyAscii from 'any-ascii';
import { create } from 'xmlbuilder2';

/**
 * The pain.001.001.09 document of a payment batch, as the EPC's SEPA Credit Transfer rulebook sets it for files a
 * customer sends its bank (EPC132-08, SCT C2PSP implementation guidelines 2023 version 1.0; decision 073): one
 * payment information block (the batch) and one credit transfer per invoice.
 */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** The lengths the guidelines set: names 70, unstructured remittance 140, identifiers 35. */
export const EPC_LENGTHS = { name: 70, remittance: 140, id: 35 } as const;

/** The EPC's Latin character set: a–z A–Z 0–9 / - ? : ( ) . , ' + and space. */
const NOT_EPC = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/**
 * A text in the EPC Latin character set within `max` characters: transliterated to ASCII (any-ascii: 'Zoë' → 'Zoe',
 * 'ß' → 'ss', '—' → '-'), '&' as '+', anything else outside the set as a space, spaces collapsed, cut at `max`.
 * Never empty when the text had a letter or digit; the caller supplies a fallback otherwise.
 */
export function epcText(value: string, max: number): string {
  const ascii = anyAscii(value).replace(/&/g, '+').replace(NOT_EPC, ' ').replace(/\s+/g, ' ').trim();
  return ascii.slice(0, max).trim();
}

/**
 * An identifier (message, payment information, end-to-end id): EPC text within 35 characters that neither starts nor
 * ends with '/' nor holds '//' (the guidelines' rule for references).
 */
export function epcId(value: string): string {
  const text = epcText(value, EPC_LENGTHS.id * 2)
    .replace(/ /g, '')
    .replace(/\/{2,}/g, '/');
  return text
    .replace(/^\/+|\/+$/g, '')
    .slice(0, EPC_LENGTHS.id)
    .replace(/\/+$/, '');
}

/** Minor units as the file writes an amount: 123456 → '1234.56' (integers throughout, no floating point). */
export function epcAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export type Pain001Transaction = {
  /** The invoice's reference: the end-to-end id. */
  endToEndId: string;
  /** Minor units, VAT included. */
  amount: number;
  creditorName: string;
  creditorIban: string;
  /** Written as the creditor's agent only when it is a valid BIC; null otherwise (IBAN-only, allowed in SEPA). */
  creditorBic: string | null;
  /** Unstructured remittance information, e.g. 'Invoice INV-2026-0001 Northwind Media'. */
  remittance: string;
};

export type Pain001Batch = {
  /** The batch reference: message id and payment information id. */
  reference: string;
  createdAt: Date;
  /** yyyy-MM-dd. */
  requestedExecutionDate: string;
  debtor: { name: string; iban: string; bic: string | null };
  transactions: readonly Pain001Transaction[];
};

/** An instant as the file writes it: UTC to the second ('2026-11-27T09:00:00Z'). */
const isoSeconds = (moment: Date) => `${moment.toISOString().slice(0, 19)}Z`;

/**
 * Writes the document. Every text goes through the character set and lengths here, so a caller cannot write one
 * outside them; amounts are summed as integers and formatted once. Validated against the XSD by the caller before it
 * is stored (pain001-validator.ts).
 */
export function writePain001(batch: Pain001Batch): string {
  const count = String(batch.transactions.length);
  const controlSum = epcAmount(batch.transactions.reduce((sum, tx) => sum + tx.amount, 0));
  const id = epcId(batch.reference);
  const debtorName = epcText(batch.debtor.name, EPC_LENGTHS.name) || 'Network';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN_001_NAMESPACE, 'Document');
  const initiation = root.ele('CstmrCdtTrfInitn');
  initiation
    .ele('GrpHdr')
    .ele('MsgId')
    .txt(id)
    .up()
    .ele('CreDtTm')
    .txt(isoSeconds(batch.createdAt))
    .up()
    .ele('NbOfTxs')
    .txt(count)
    .up()
    .ele('CtrlSum')
    .txt(controlSum)
    .up()
    .ele('InitgPty')
    .ele('Nm')
    .txt(debtorName);
  const info = initiation.ele('PmtInf');
  info.ele('PmtInfId').txt(id);
  info.ele('PmtMtd').txt('TRF');
  info.ele('NbOfTxs').txt(count);
  info.ele('CtrlSum').txt(controlSum);
  info.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  info.ele('ReqdExctnDt').ele('Dt').txt(batch.requestedExecutionDate);
  info.ele('Dbtr').ele('Nm').txt(debtorName);
  info.ele('DbtrAcct').ele('Id').ele('IBAN').txt(batch.debtor.iban);
  const debtorAgent = info.ele('DbtrAgt').ele('FinInstnId');
  if (batch.debtor.bic) debtorAgent.ele('BICFI').txt(batch.debtor.bic);
  else debtorAgent.ele('Othr').ele('Id').txt('NOTPROVIDED');
  info.ele('ChrgBr').txt('SLEV');
  for (const tx of batch.transactions) {
    const transfer = info.ele('CdtTrfTxInf');
    transfer.ele('PmtId').ele('EndToEndId').txt(epcId(tx.endToEndId));
    transfer.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(epcAmount(tx.amount));
    if (tx.creditorBic) transfer.ele('CdtrAgt').ele('FinInstnId').ele('BICFI').txt(tx.creditorBic);
    transfer
      .ele('Cdtr')
      .ele('Nm')
      .txt(epcText(tx.creditorName, EPC_LENGTHS.name) || epcId(tx.endToEndId));
    transfer.ele('CdtrAcct').ele('Id').ele('IBAN').txt(tx.creditorIban);
    const remittance = epcText(tx.remittance, EPC_LENGTHS.remittance);
    if (remittance) transfer.ele('RmtInf').ele('Ustrd').txt(remittance);
  }
  return root.end({ prettyPrint: true });
}
