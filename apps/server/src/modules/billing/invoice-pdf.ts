import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { formatLocalDate, formatMoneyMinor } from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { insertFile, type NewFile } from '../files/index.js';
import type { PartnerRow } from './billing-run.repository.js';
import { setInvoiceFile } from './billing.repository.js';

/** A correction of an earlier invoice the request carries (decision 070): cited by number, taxed at its rate. */
export type InvoiceCorrection = { originalInvoice: string | null; vatRatePercent: number; payoutDelta: number };

export type InvoiceDocument = {
  reference: string;
  /** yyyy-MM-dd, Paris. */
  issuedOn: string;
  /** yyyy-MM-dd, Paris: the issue day plus the payment terms (decision 070). */
  dueOn?: string | null;
  period: { startDate: string; endDate: string };
  partner: { name: string; address: string[]; vatNumber: string | null };
  network: { name: string; address: string[] };
  totalAmount: number;
  totalVatAmount: number;
  /** The period's commissions before VAT; without it, everything before VAT is. */
  conversionsAmount?: number;
  corrections?: InvoiceCorrection[];
  currency: string;
  paymentTerms: string;
};

/** Corrections of the same earlier invoice at the same rate are one line on the PDF. */
function correctionRows(corrections: InvoiceCorrection[], currency: string): [string, string][] {
  const grouped = new Map<string, InvoiceCorrection>();
  for (const line of corrections) {
    const key = `${line.originalInvoice ?? ''}|${line.vatRatePercent}`;
    const known = grouped.get(key);
    grouped.set(key, known ? { ...known, payoutDelta: known.payoutDelta + line.payoutDelta } : { ...line });
  }
  return [...grouped.values()].map((line) => [
    `Correction of invoice ${line.originalInvoice ?? '(unknown)'} (VAT ${line.vatRatePercent} %)`,
    money(line.payoutDelta, currency),
  ]);
}

/** The standard PDF fonts speak WinAnsi: French number formatting's no-break spaces become plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const money = (minor: number, currency: string) => plain(formatMoneyMinor(minor, currency));

/**
 * A partner's invoice for one billing period as a one-page A4 PDF (pdfkit, standard fonts, no network). Amounts are
 * integer minor units; the tax-exclusive amount is the total minus VAT (spec section 3).
 */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Invoice ${invoice.reference}`, Author: invoice.partner.name, Subject: 'Affiliate commissions' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text('INVOICE', { align: 'right' });
    doc.font('Helvetica').fontSize(10).text(`No. ${invoice.reference}`, { align: 'right' });
    doc.text(`Date: ${formatLocalDate(invoice.issuedOn)}`, { align: 'right' });
    if (invoice.dueOn) doc.text(`Due: ${formatLocalDate(invoice.dueOn)}`, { align: 'right' });
    doc.moveDown(2);

    const top = doc.y;
    doc.font('Helvetica-Bold').text('From', 56, top);
    doc.font('Helvetica').text([invoice.partner.name, ...invoice.partner.address].join('\n'));
    if (invoice.partner.vatNumber) doc.text(`VAT: ${invoice.partner.vatNumber}`);
    doc.font('Helvetica-Bold').text('To', 320, top);
    doc.font('Helvetica').text([invoice.network.name, ...invoice.network.address].join('\n'), 320);
    doc.moveDown(3);

    const excluding = invoice.totalAmount - invoice.totalVatAmount;
    const period = `${formatLocalDate(invoice.period.startDate)} - ${formatLocalDate(invoice.period.endDate)}`;
    const corrections = invoice.corrections ?? [];
    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, 56, y, { width: 360 });
      doc.text(amount, 420, y, { width: 120, align: 'right' });
      doc.moveDown(0.6);
    };
    row(
      `Affiliate commissions, ${period} (Paris time)`,
      money(invoice.conversionsAmount ?? excluding, invoice.currency),
    );
    if (corrections.length > 0) {
      // Issued invoices are never edited: a change of a conversion they billed is a line here (decision 070).
      doc.moveDown(0.4);
      doc.font('Helvetica-Bold').text('Corrections of earlier invoices', 56);
      doc.moveDown(0.4);
      for (const [label, amount] of correctionRows(corrections, invoice.currency)) row(label, amount);
      doc.moveDown(0.4);
      row('Total before VAT', money(excluding, invoice.currency));
    }
    row('VAT', money(invoice.totalVatAmount, invoice.currency));
    row('Total', money(invoice.totalAmount, invoice.currency), true);
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    doc.text(`Payment terms: ${invoice.paymentTerms}. Payment by wire transfer.`, 56);
    if (invoice.totalVatAmount === 0) doc.text('No VAT charged.');
    doc.end();
  });
}

/** How a partner appears on its invoice: name, postal address, VAT number. */
export function invoiceParty(partner: PartnerRow, countryName: string | undefined): InvoiceDocument['partner'] {
  return {
    name: partner.companyName,
    address: [
      partner.address ?? '',
      [partner.zipCode, partner.city].filter(Boolean).join(' '),
      countryName ?? '',
    ].filter(Boolean),
    vatNumber: partner.companyVatNumber,
  };
}

/**
 * Renders an invoice's PDF, stores it as a file the partner owns (downloaded through the signed links of decision
 * 011) and links it to the invoice. The bytes are written before the transaction commits: a rollback leaves an
 * unreferenced file, never a reference without its file.
 */
export async function attachInvoicePdf(
  db: DbOrTx,
  storage: FileStorage,
  invoice: { id: number; partnerId: number; createdAt: NonNullable<NewFile['createdAt']> },
  document: InvoiceDocument,
): Promise<number> {
  const pdf = await renderInvoicePdf(document);
  const storageKey = `${randomUUID()}.pdf`;
  await storage.put(storageKey, pdf);
  const fileId = await insertFile(db, {
    type: 'invoice',
    filename: `${document.reference}.pdf`,
    mimeType: 'application/pdf',
    size: pdf.length,
    storageKey,
    ownerPartnerId: invoice.partnerId,
    createdAt: invoice.createdAt,
  });
  await setInvoiceFile(db, invoice.id, fileId);
  return fileId;
}
