// The network reports' front door (decision 046): staff reports with advertiser revenue, payout and margin.
export { networkReportsRoutes } from './network-reports.routes.js';
// The staff reader's offset at a moment, which other staff screens cut their days in too.
export { offsetOf } from './network-reports.routes.js';
// A window's figures, which a partner's page shows for its last 30 days (decision 082).
export { networkFigures } from './network-reports.repository.js';
