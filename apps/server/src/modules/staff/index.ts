// The staff module's front door: the console's partners, their statuses, the home's queues, view as partner.
export { staffRoutes } from './staff.routes.js';
