// The metrics module's front door: GET /metrics (issue 51, decision 096).
export { metricsRoutes } from './metrics.routes.js';
