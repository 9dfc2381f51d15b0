// The billing module's front door: partners' billing requests and invoices, the monthly billing run (decision 027),
// and what finance does to an invoice (the demo seed replays both, decision 052).
export { billingRoutes } from './billing.routes.js';
export { runBilling, type BillingRunContext } from './billing-run.js';
export { changeInvoiceStatus, type InvoiceStatusContext } from './invoice-status.js';
export { lockInvoice } from './billing.repository.js';
