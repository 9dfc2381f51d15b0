// The search module's front door: the staff top bar's one search across partners, offers, advertisers and
// conversions, within the reader's scope (decision 080).
export { searchRoutes } from './search.routes.js';
