/**
 * The database's front door: the whole data model of spec section 3, plus what the server itself needs, one file a
 * area in `schema/` (decision 066). Money is integer minor units; every timestamp is `timestamptz` (UTC).
 */
export * from './schema/reference.js';
export * from './schema/files-and-news.js';
export * from './schema/users.js';
export * from './schema/partners.js';
export * from './schema/advertisers.js';
export * from './schema/offers.js';
export * from './schema/caps.js';
export * from './schema/tracking.js';
export * from './schema/rollups.js';
export * from './schema/billing.js';
export * from './schema/postbacks.js';
export * from './schema/notifications.js';
export * from './schema/audit.js';
export * from './schema/settings.js';
export * from './schema/adjustments.js';
export * from './schema/payments.js';
export * from './schema/traffic.js';
export * from './schema/report-views.js';
export * from './schema/fx-rates.js';
