// The auth module's front door: its routes, and the read-only sessions staff open to view the portal as a partner.
export { authRoutes } from './auth.routes.js';
export { createViewSession } from './auth.repository.js';
