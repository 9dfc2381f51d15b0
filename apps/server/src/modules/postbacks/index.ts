// The postbacks module's front door: partners' postbacks, their secrets and deliveries (decisions 019, 020).
export { postbacksRoutes } from './postbacks.routes.js';
export { PostbackWorker } from './delivery/worker.js';
export { enqueuePostbackDeliveries } from './partner-postbacks.js';
export { pendingDeliveriesSummary } from './delivery/deliveries.repository.js';
