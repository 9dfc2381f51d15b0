// The creatives module's front door (decision 050): creatives and landing pages staff attach to an offer, and what the
// partners who may run it see and download.
export { creativesRoutes } from './creatives.routes.js';
