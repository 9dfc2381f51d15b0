// The statistics module's front door: partners' reports and exports.
export { statisticsRoutes } from './statistics.routes.js';
