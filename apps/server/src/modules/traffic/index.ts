// The traffic module's front door (decision 083): traffic rules, blocklists and the click signals /click judges by.
export { trafficRoutes } from './traffic.routes.js';
export { asnLoadInfo, asnOrganisation, asnTable } from './asn.js';
export { HOSTING_NETWORKS, HOSTING_NETWORKS_DATE } from './hosting-networks.js';
export {
  loadClickGuard,
  resolveRules,
  settleVelocity,
  syncVelocity,
  velocityToSync,
  type ClickGuard,
} from './traffic.service.js';
export {
  NO_BLOCKS,
  VelocityCounter,
  asnOf,
  hostingNetworkOf,
  isBotUserAgent,
  isMalformedUserAgent,
  judgeClick,
} from './signals.js';
export { conversionRulesOf } from './traffic.service.js';
export {
  isRateSpike,
  judgeConversion,
  matchedConversionRules,
  rateOf,
  ruleIsOn,
  type ConversionSignalsInput,
  type RatePeriod,
} from './conversion-signals.js';
