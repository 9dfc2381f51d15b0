// The network reports' front door (decision 046): staff reports with advertiser revenue, payout and margin.
export { networkReportsRoutes } from './network-reports.routes.js';
