// The ledger's front door (decision 073): the books of a Paris month per currency.
export { ledgerRoutes } from './ledger.routes.js';
