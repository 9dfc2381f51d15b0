// The billing module's front door: partners' billing requests and invoices, the billing run by payment terms and its
// daily job (decisions 027, 070),
// and what finance does to an invoice (the demo seed replays both, decision 052).
export { billingRoutes } from './billing.routes.js';
export { runBilling, type BillingRunContext } from './billing-run.js';
export { BillingJob, nextBillingJobAt } from './billing-job.js';
export { changeInvoiceStatus, type InvoiceStatusContext } from './invoice-status.js';
export { lockInvoice } from './billing.repository.js';
export { sepaRefusalOf } from './sepa-eligibility.js';
