// The API keys module's front door: partners' read-only reporting keys (decision 013).
export { apiKeysRoutes } from './api-keys.routes.js';
