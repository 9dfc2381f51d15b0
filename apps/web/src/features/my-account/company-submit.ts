/**
 * What the company form's submit needs, loaded on the form's first approach (decision 122): its contract schema and
 * the call that saves it, whose contract module holds the account's other schemas (zod, the IBAN check).
 */
export { UpdatePartnerCompanyBodySchema } from '@portal/contracts';
export { updatePartner } from './api/update-partner';
