// The billing module's front door: partners' billing requests and invoices, the monthly billing run (decision 027).
export { billingRoutes } from './billing.routes.js';
export { attachInvoicePdf, invoiceParty } from './invoice-pdf.js';
