// The statistics module's front door: partners' reports and exports.
export { statisticsRoutes } from './statistics.routes.js';
// The report window rules the staff's network reports share (decision 046).
export { daysOf, resolveRange, utcWindow, type UtcWindow } from './report-dates.js';
export { userTimezone } from './statistics.repository.js';
// The raw exports' columns, read by the tests instead of copied.
export { CLICK_CSV_COLUMNS, CONVERSION_CSV_COLUMNS, CONVERTED_LABEL } from './report-export.js';
export { refusedTraffic } from './refused.repository.js';
