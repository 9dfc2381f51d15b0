// The health module's front door: /healthz.
export { healthRoutes, type HealthState } from './health.routes.js';
