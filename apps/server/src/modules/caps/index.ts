// The caps module's front door (decision 045): offer caps set by staff, taken by conversions in their own
// transaction, given back by a decline, shown to the partner they concern, the alerts at 90 %, and the Paris periods
// they count in (the click path's counters read them too).
export { capsRoutes } from './caps.routes.js';
export { takeConversionCaps, giveBackConversionCaps, wouldCrossCaps, type ConversionWorth } from './cap-takes.js';
export { partnerCaps, replaceCaps } from './caps.service.js';
export { alertCap, nearlyReached } from './cap-alerts.js';
export { capPeriod, PeriodClock, type PeriodBounds } from './cap-periods.js';
export { partnerAlertLevel, partnerCapWarnings, tellPartnersOfCap } from './cap-partner-alerts.js';
