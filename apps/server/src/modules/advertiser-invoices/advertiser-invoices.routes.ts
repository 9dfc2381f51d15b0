import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DUTY_ROLES, advertiserInvoicesEndpoints, type AdvertiserInvoice } from '@portal/contracts';
import type { AppContext } from '../../context.js';
import { csvStringifier } from '../../lib/csv.js';
import { routeOf } from '../../lib/endpoint.js';
import { ok } from '../../lib/reply.js';
import { auditActorOf } from '../audit/index.js';
import { runAdvertiserInvoices } from './advertiser-invoice-run.js';
import {
  advertiserInvoice,
  advertiserInvoicePage,
  advertisersOwe,
  everyAdvertiserInvoice,
  updateAdvertiserInvoiceStatus,
} from './advertiser-invoices.service.js';

const major = (minor: number) => (minor / 100).toFixed(2);
const HEADER = ['Reference', 'Kind', 'Status', 'Advertiser ID', 'Advertiser', 'Currency', 'Period start', 'Period end', 'Issued on', 'Due on', 'Paid on', 'Days overdue', 'Conversions', 'Conversions amount', 'Adjustments', 'Net amount', 'VAT treatment', 'VAT rate (%)', 'VAT', 'Total', 'Credit note for', 'Credit note', 'Cancel reason']; // prettier-ignore
const line = (i: AdvertiserInvoice) => [i.reference, i.kind, i.status, i.advertiser.id, i.advertiser.name, i.currency, i.period.startDate, i.period.endDate, i.issuedOn, i.dueOn, i.paidOn, i.daysOverdue, i.conversionCount, major(i.conversionsAmount), major(i.adjustmentsAmount), major(i.netAmount), i.vatTreatment, i.vatRatePercent, major(i.vatAmount), major(i.totalAmount), i.creditNoteFor, i.creditNote, i.cancelReason]; // prettier-ignore

/** What advertisers owe (decision 073): the invoice runs, the invoices, their CSV, their payment or credit note. */
export const advertiserInvoicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The duty table says who bills advertisers (decision 064): admins and finance.
  const guard = app.requireStaff([...DUTY_ROLES.bill_advertisers]);
  const contextOf = (request: Parameters<typeof auditActorOf>[0]) => ({
    db: ctx.db,
    storage: ctx.storage,
    now: ctx.now(),
    network: ctx.config.network,
    actor: auditActorOf(request),
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.run),
    onRequest: guard,
    handler: async (request) => {
      const { issued, skipped } = await runAdvertiserInvoices(contextOf(request), { month: request.body.month });
      request.log.info({ month: request.body.month, issued: issued.length, skipped }, 'advertiser invoice run');
      return ok({ month: request.body.month, issued, skipped });
    },
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.list),
    onRequest: guard,
    handler: async (request) => {
      const { list, total } = await advertiserInvoicePage(ctx.db, request.query, ctx.now());
      return ok(list, { total });
    },
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.exportCsv),
    onRequest: guard,
    handler: async (request, reply) => {
      const now = ctx.now();
      const invoices = await everyAdvertiserInvoice(ctx.db, request.query, now);
      function* lines() {
        yield HEADER;
        for (const invoice of invoices) yield line(invoice);
      }
      const csv = Readable.from(lines()).pipe(csvStringifier());
      const stamp = request.query.month ?? now.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="advertiser-invoices-${stamp}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.get),
    onRequest: guard,
    handler: async (request) => ok(await advertiserInvoice(ctx.db, request.params.id, ctx.now())),
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.update),
    onRequest: guard,
    handler: async (request) =>
      ok(await updateAdvertiserInvoiceStatus(contextOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(advertiserInvoicesEndpoints.owe),
    onRequest: guard,
    handler: async () => ok(await advertisersOwe(ctx.db, ctx.now())),
  });
};
