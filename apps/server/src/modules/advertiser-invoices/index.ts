// The advertiser invoices module's front door (decision 073): the runs by billing terms and their daily job, the
// invoices, their payment and credit notes, and what advertisers owe (the demo seed replays the runs).
export { advertiserInvoicesRoutes } from './advertiser-invoices.routes.js';
export { runAdvertiserInvoices, type AdvertiserInvoiceContext } from './advertiser-invoice-run.js';
export { updateAdvertiserInvoiceStatus } from './advertiser-invoices.service.js';
export { AdvertiserInvoiceJob } from './advertiser-invoice-job.js';
export { advertiserInvoicePage, ownAdvertiserInvoicePdf } from './advertiser-invoices.service.js';
