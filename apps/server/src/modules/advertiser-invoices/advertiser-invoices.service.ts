import {
  AGEING_BUCKETS,
  ageingBucketOf,
  parisDayOf,
  type AdvertiserInvoice,
  type AdvertiserInvoiceUpdate,
  type AdvertisersOwe,
  type AgeingBucket,
  type ListAdvertiserInvoicesQuery,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/storage.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { diffFields, recordAudit } from '../audit/index.js';
import { nextReference } from '../numbering/index.js';
import { advertiserInvoiceDto } from './advertiser-invoice-dto.js';
import { attachAdvertiserInvoicePdf } from './advertiser-invoice-pdf.js';
import { SYSTEM_ACTOR, documentOf, type AdvertiserInvoiceContext } from './advertiser-invoice-run.js';
import {
  advertiserInvoiceById,
  advertiserInvoicePdfFile,
  freeInvoiced,
  insertAdvertiserInvoice,
  listAdvertiserInvoices,
  lockAdvertiserInvoice,
  lockAdvertiserInvoiceRuns,
  notYetInvoiced,
  unpaidInvoices,
  updateAdvertiserInvoice,
  type AdvertiserInvoiceFilters,
} from './advertiser-invoices.repository.js';

const NOT_FOUND = 'Advertiser invoice not found.';

/**
 * The stored PDF of one of the advertiser's invoices, for its own portal user (decision 100): the PDF staff open,
 * rendered when the invoice was issued; another advertiser's invoice is not found.
 */
export async function ownAdvertiserInvoicePdf(
  db: Db,
  storage: FileStorage,
  advertiserId: number,
  invoiceId: number,
): Promise<{ filename: string; bytes: Buffer }> {
  const file = await advertiserInvoicePdfFile(db, advertiserId, invoiceId);
  const bytes = file ? await storage.get(file.storageKey) : null;
  if (!file || !bytes) throw notFound(NOT_FOUND);
  return { filename: file.filename, bytes };
}

const filtersOf = (
  query: Omit<ListAdvertiserInvoicesQuery, 'page' | 'count'>,
  today: string,
): AdvertiserInvoiceFilters => ({
  month: query.month,
  advertiserId: query.advertiserId,
  status: query.status,
  currency: query.currency,
  overdueOn: query.overdue ? today : undefined,
});

/** A page of advertiser invoices and credit notes, newest first. */
export async function advertiserInvoicePage(
  db: Db,
  query: ListAdvertiserInvoicesQuery,
  now: Date,
): Promise<{ list: AdvertiserInvoice[]; total: number }> {
  const today = parisDayOf(now);
  const { rows, total } = await listAdvertiserInvoices(db, filtersOf(query, today), {
    offset: (query.page - 1) * query.count,
    limit: query.count,
  });
  return { list: rows.map((row) => advertiserInvoiceDto(row, today)), total };
}

/** Every invoice the filters keep (the CSV export). */
export async function everyAdvertiserInvoice(
  db: Db,
  query: Omit<ListAdvertiserInvoicesQuery, 'page' | 'count'>,
  now: Date,
): Promise<AdvertiserInvoice[]> {
  const today = parisDayOf(now);
  const { rows } = await listAdvertiserInvoices(db, filtersOf(query, today));
  return rows.map((row) => advertiserInvoiceDto(row, today));
}

export async function advertiserInvoice(db: Db, id: number, now: Date): Promise<AdvertiserInvoice> {
  const row = await advertiserInvoiceById(db, id);
  if (!row) throw notFound(NOT_FOUND);
  return advertiserInvoiceDto(row, parisDayOf(now));
}

/**
 * Marks an issued invoice paid on a day (not before its issue, not in the future), or cancels it (decision 073): a
 * credit note for its whole amount, numbered from the same series, with its own PDF; the invoice cancelled, its
 * conversions and lines freed for the next run. Nothing is deleted and no amount edited. Audited.
 */
export async function updateAdvertiserInvoiceStatus(
  ctx: AdvertiserInvoiceContext,
  id: number,
  body: AdvertiserInvoiceUpdate,
): Promise<AdvertiserInvoice> {
  const { db, now } = ctx;
  const today = parisDayOf(now);
  const actor = ctx.actor ?? SYSTEM_ACTOR;
  await db.transaction(async (tx) => {
    const before = await lockAdvertiserInvoice(tx, id);
    if (!before) throw notFound(NOT_FOUND);
    if (before.kind !== 'invoice' || before.status !== 'issued') {
      const what = before.kind === 'credit_note' ? 'a credit note' : `${before.status}`;
      throw conflict(`This invoice is ${what}: only an issued invoice can be marked paid or cancelled.`, {
        status: before.status,
      });
    }
    if (body.status === 'paid') {
      if (body.paidOn < before.issuedOn)
        throw badRequest('The payment cannot be before the invoice was issued.', {
          paidOn: `On or after ${before.issuedOn}.`,
        });
      if (body.paidOn > today)
        throw badRequest('The payment day cannot be in the future.', { paidOn: `On or before ${today}.` });
      await updateAdvertiserInvoice(tx, id, { status: 'paid', paidOn: body.paidOn, updatedAt: now });
      await recordAudit(
        tx,
        actor,
        [
          {
            action: 'update',
            entityType: 'advertiser_invoice',
            entityId: id,
            changes: diffFields({ status: before.status, paidOn: null }, { status: 'paid', paidOn: body.paidOn }),
          },
        ],
        now,
      );
      return;
    }
    // The runs' lock: a run invoicing this advertiser now waits until the conversions are freed.
    await lockAdvertiserInvoiceRuns(tx);
    const reference = await nextReference(tx, 'advertiserInvoice', Number(today.slice(0, 4)));
    const {
      id: _id,
      reference: _reference,
      fileId: _file,
      createdAt: _created,
      updatedAt: _updated,
      ...copied
    } = before;
    const credit = await insertAdvertiserInvoice(tx, {
      ...copied,
      reference,
      kind: 'credit_note',
      status: 'issued',
      issuedOn: today,
      dueOn: today,
      paidOn: null,
      cancelledAt: null,
      conversionsAmount: -before.conversionsAmount,
      adjustmentsAmount: -before.adjustmentsAmount,
      netAmount: -before.netAmount,
      vatAmount: -before.vatAmount,
      totalAmount: -before.totalAmount,
      creditNoteForId: before.id,
      cancelReason: body.reason,
      createdById: actor.actorId,
      createdAt: now,
      updatedAt: now,
    });
    await updateAdvertiserInvoice(tx, id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: body.reason,
      updatedAt: now,
    });
    const freed = await freeInvoiced(tx, id);
    await attachAdvertiserInvoicePdf(tx, ctx.storage, credit, await documentOf(tx, ctx, credit, before.reference));
    await recordAudit(
      tx,
      actor,
      [
        {
          action: 'update',
          entityType: 'advertiser_invoice',
          entityId: id,
          changes: [
            ...diffFields(
              { status: before.status, cancelReason: null },
              { status: 'cancelled', cancelReason: body.reason },
            ),
            { field: 'creditNote', before: null, after: reference },
            { field: 'freedConversions', before: null, after: freed.conversions },
            { field: 'freedAdjustments', before: null, after: freed.lines },
          ],
        },
        {
          action: 'create',
          entityType: 'advertiser_invoice',
          entityId: credit.id,
          changes: diffFields(null, {
            reference,
            kind: 'credit_note',
            creditNoteFor: before.reference,
            currency: credit.currency,
            netAmount: credit.netAmount,
            vatAmount: credit.vatAmount,
            totalAmount: credit.totalAmount,
          }),
        },
      ],
      now,
    );
  });
  return advertiserInvoice(db, id, now);
}

const emptyBuckets = (): Record<AgeingBucket, number> =>
  Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeingBucket, number>;

/** "Advertisers owe": unpaid issued invoices per advertiser and currency by ageing bucket (Paris today), totals. */
export async function advertisersOwe(db: Db, now: Date): Promise<AdvertisersOwe> {
  const asOf = parisDayOf(now);
  const rows = new Map<string, AdvertisersOwe['rows'][number]>();
  const totals = new Map<string, AdvertisersOwe['totals'][number]>();
  for (const invoice of await unpaidInvoices(db)) {
    const bucket = ageingBucketOf(invoice.dueOn, asOf);
    const key = `${invoice.advertiserId}/${invoice.currency}`;
    const row = rows.get(key) ?? {
      advertiser: { id: invoice.advertiserId, name: invoice.advertiserName },
      currency: invoice.currency,
      buckets: emptyBuckets(),
      total: 0,
      invoices: 0,
      oldestDueOn: null,
    };
    row.buckets[bucket] += invoice.totalAmount;
    row.total += invoice.totalAmount;
    row.invoices += 1;
    if (row.oldestDueOn === null || invoice.dueOn < row.oldestDueOn) row.oldestDueOn = invoice.dueOn;
    rows.set(key, row);
    const total = totals.get(invoice.currency) ?? { currency: invoice.currency, buckets: emptyBuckets(), total: 0 };
    total.buckets[bucket] += invoice.totalAmount;
    total.total += invoice.totalAmount;
    totals.set(invoice.currency, total);
  }
  return {
    asOf,
    rows: [...rows.values()],
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    notYetInvoiced: await notYetInvoiced(db, now),
  };
}
