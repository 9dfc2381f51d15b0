// The payment batches module's front door (decision 073): SEPA credit transfer files (pain.001.001.09) that pay
// partners' validated invoices, built by one admin or finance user and approved by another.
export { paymentBatchesRoutes } from './payment-batches.routes.js';
export { validatePain001 } from './pain001-validator.js';
