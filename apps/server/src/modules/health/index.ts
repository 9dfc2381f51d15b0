// The health module's front door: /healthz.
export { healthRoutes } from './health.routes.js';
