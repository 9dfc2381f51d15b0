import { randomUUID } from 'node:crypto';
import PDFDocument from 'pdfkit';
import {
  ADVERTISER_VAT_MENTIONS,
  formatLocalDate,
  formatMoneyMinor,
  type AdvertiserVatTreatment,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { insertFile } from '../files/index.js';
import { updateAdvertiserInvoice } from './advertiser-invoices.repository.js';

/** What an advertiser invoice or credit note says (decision 073): the network sells, the advertiser buys. */
export type AdvertiserInvoiceDocument = {
  kind: 'invoice' | 'credit_note';
  reference: string;
  /** The invoice a credit note cancels. */
  creditNoteFor: string | null;
  issuedOn: string;
  dueOn: string | null;
  period: { startDate: string; endDate: string };
  seller: { name: string; address: string[]; iban?: string | undefined; bic?: string | undefined };
  buyer: { name: string; address: string[]; vatNumber: string | null };
  currency: string;
  conversionCount: number;
  conversionsAmount: number;
  adjustmentsAmount: number;
  netAmount: number;
  vatTreatment: AdvertiserVatTreatment;
  vatRatePercent: number;
  vatAmount: number;
  totalAmount: number;
  billingTerms: string;
};

/** The standard PDF fonts speak WinAnsi: French number formatting's no-break spaces become plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const money = (minor: number, currency: string) => plain(formatMoneyMinor(minor, currency));

/** An advertiser invoice or credit note as a one-page A4 PDF (pdfkit, standard fonts), amounts in minor units. */
export function renderAdvertiserInvoicePdf(invoice: AdvertiserInvoiceDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = invoice.kind === 'credit_note' ? 'CREDIT NOTE' : 'INVOICE';
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.reference}`,
        Author: invoice.seller.name,
        Subject: 'Affiliate marketing services',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(20).text(title, { align: 'right' });
    doc.font('Helvetica').fontSize(10).text(`No. ${invoice.reference}`, { align: 'right' });
    doc.text(`Date: ${formatLocalDate(invoice.issuedOn)}`, { align: 'right' });
    if (invoice.creditNoteFor) doc.text(`Cancels invoice ${invoice.creditNoteFor}`, { align: 'right' });
    if (invoice.dueOn) doc.text(`Due: ${formatLocalDate(invoice.dueOn)}`, { align: 'right' });
    doc.moveDown(2);

    const top = doc.y;
    doc.font('Helvetica-Bold').text('From', 56, top);
    doc.font('Helvetica').text([invoice.seller.name, ...invoice.seller.address].join('\n'), 56, undefined, {
      width: 240,
    });
    doc.font('Helvetica-Bold').text('Bill to', 320, top);
    doc.font('Helvetica').text([invoice.buyer.name, ...invoice.buyer.address].join('\n'), 320, undefined, {
      width: 220,
    });
    if (invoice.buyer.vatNumber) doc.text(`VAT: ${invoice.buyer.vatNumber}`, 320);
    doc.moveDown(3);

    const period = `${formatLocalDate(invoice.period.startDate)} - ${formatLocalDate(invoice.period.endDate)}`;
    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, 56, y, { width: 340 });
      const below = doc.y;
      doc.text(amount, 420, y, { width: 120, align: 'right' });
      // A label on two lines pushes the next row down.
      doc.y = Math.max(below, doc.y);
      doc.moveDown(0.6);
    };
    row(
      `Affiliate marketing services, ${period} (Paris time): ${invoice.conversionCount} approved conversion(s)`,
      money(invoice.conversionsAmount, invoice.currency),
    );
    if (invoice.adjustmentsAmount !== 0) {
      // Issued invoices are never edited: a change of a conversion they billed is a line of the next one (decision 073).
      row('Adjustments of conversions invoiced earlier', money(invoice.adjustmentsAmount, invoice.currency));
    }
    row('Total before VAT', money(invoice.netAmount, invoice.currency));
    row(`VAT ${invoice.vatRatePercent} %`, money(invoice.vatAmount, invoice.currency));
    row('Total', money(invoice.totalAmount, invoice.currency), true);
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    const mention = ADVERTISER_VAT_MENTIONS[invoice.vatTreatment];
    if (mention) doc.text(mention, 56);
    if (invoice.kind === 'invoice') {
      doc.text(`Payment terms: ${invoice.billingTerms}. Payment by wire transfer, quoting ${invoice.reference}.`, 56);
      if (invoice.seller.iban)
        doc.text(`IBAN ${invoice.seller.iban}${invoice.seller.bic ? `, BIC ${invoice.seller.bic}` : ''}`, 56);
    }
    doc.end();
  });
}

/**
 * Renders the PDF, stores it as a file no partner owns (admins and finance open it, decision 073) and links it to
 * the invoice. The bytes are written before the transaction commits: a rollback leaves an unreferenced file, never a
 * reference without its file.
 */
export async function attachAdvertiserInvoicePdf(
  tx: DbOrTx,
  storage: FileStorage,
  invoice: { id: number; createdAt: Date },
  document: AdvertiserInvoiceDocument,
): Promise<number> {
  const pdf = await renderAdvertiserInvoicePdf(document);
  const storageKey = `${randomUUID()}.pdf`;
  await storage.put(storageKey, pdf);
  const fileId = await insertFile(tx, {
    type: 'advertiser_invoice',
    filename: `${document.reference}.pdf`,
    mimeType: 'application/pdf',
    size: pdf.length,
    storageKey,
    ownerPartnerId: null,
    createdAt: invoice.createdAt,
  });
  await updateAdvertiserInvoice(tx, invoice.id, { fileId });
  return fileId;
}
