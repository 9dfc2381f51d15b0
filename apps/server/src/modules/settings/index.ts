// The settings module's front door: a user's account settings (time zone, preferences) and the network's traffic
// settings (the default fallback URL, decision 105).
export { settingsRoutes } from './settings.routes.js';
export { networkSettingsRoutes } from './network-settings.routes.js';
export { DEFAULT_FALLBACK_URL } from './network-settings.repository.js';
