// The account module's front door: the connected partner, its company, contacts and payment details, the config.
export { accountRoutes } from './account.routes.js';
