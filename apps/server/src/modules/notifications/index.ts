// The notifications module's front door: its routes, notifyPartner for every module that tells a partner, and the
// daily digests' once-per-partner round.
export { notificationsRoutes } from './notifications.routes.js';
export { notifyEachOnce, notifyPartner } from './notify.js';
