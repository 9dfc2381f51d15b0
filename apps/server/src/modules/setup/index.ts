// The setup module's front door: the first administrator (decision 028).
export {
  EMAIL_TAKEN,
  createAdmin,
  createFirstAdmin,
  issueSetupKeyIfNoAdmin,
  passwordKeyLink,
  setupLink,
  type CreatedAdmin,
} from './first-admin.service.js';
export { setupRoutes } from './setup.routes.js';
