// The caps module's front door (decision 045): offer caps set by staff, taken by conversions in their own
// transaction, given back by a decline, shown to the partner they concern, and the alerts at 90 %.
export { capsRoutes } from './caps.routes.js';
export { takeConversionCaps, giveBackConversionCaps, wouldCrossCaps, type ConversionWorth } from './cap-takes.js';
export { partnerCaps } from './caps.repository.js';
export { alertCap, nearlyReached } from './cap-alerts.js';
export { replaceCaps } from './caps.repository.js';
