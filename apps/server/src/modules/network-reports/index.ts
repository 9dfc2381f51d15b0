// The network reports' front door (decision 046): staff reports with advertiser revenue, payout and margin.
export { networkReportsRoutes } from './network-reports.routes.js';
// The staff reader's offset at a moment, which other staff screens cut their days in too.
export { offsetOf } from './network-reports.routes.js';
