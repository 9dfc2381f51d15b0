// The conversions module's front door: advertisers' postbacks and the staff review of pending conversions
// (decisions 016, 023) and the staff's conversion search (decision 071).
export { postbackRoutes, type PostbackEngine } from './postback.routes.js';
export { conversionReviewRoutes } from './conversion-review.routes.js';
export { conversionChangesRoutes } from './conversion-changes.routes.js';
export { conversionSearchRoutes } from './conversion-search.routes.js';
export { listConversions } from './conversion-search.js';
export { conversionScrubsRoutes } from './conversion-scrubs.routes.js';
export {
  AdvertiserTokens,
  acceptPostback,
  mergedPostbackFields,
  previewPostback,
  type TokenMatch,
} from './postback.js';
export { acceptClientConversion, parseCookies, ORIGIN_REFUSED, type ClientConversion } from './client-conversion.js';
export { lastTagHits, offerTagRow } from './conversions.repository.js';
export { PostbackLogPruner } from './postback-log.js';
export { insertPostbackLog, listPostbackLog, type NewPostbackLog } from './conversions.repository.js';
export { advertiserScrubOf, advertiserScrubPage, uploadScrub } from './conversion-scrubs.js';
