// The advertisers module's front door.
export { advertisersRoutes } from './advertisers.routes.js';
