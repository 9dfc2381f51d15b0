// The news module's front door.
export { newsRoutes } from './news.routes.js';
