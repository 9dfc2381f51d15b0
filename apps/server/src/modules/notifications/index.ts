// The notifications module's front door: its routes, and notifyPartner for every module that tells a partner.
export { notificationsRoutes } from './notifications.routes.js';
export { notifyPartner } from './notify.js';
