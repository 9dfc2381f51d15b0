// The advertisers module's front door.
export { advertisersRoutes } from './advertisers.routes.js';
// The advertiser portal's set-up screen runs these for its own advertiser (decision 100).
export { tagSetupOf } from './tag-setup.js';
export { runTestPostback } from './test-postback.js';
