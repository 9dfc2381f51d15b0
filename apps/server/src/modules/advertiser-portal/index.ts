// The advertiser portal's front door (decision 087).
export { advertiserPortalRoutes } from './advertiser-portal.routes.js';
