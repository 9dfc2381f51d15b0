// The register module's front door: partners' account requests.
export { registerRoutes } from './register.routes.js';
