export * from './get-staff-invoices';
export * from './set-invoice-status';
