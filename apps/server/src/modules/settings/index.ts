// The settings module's front door: a user's account settings (time zone, preferences).
export { settingsRoutes } from './settings.routes.js';
