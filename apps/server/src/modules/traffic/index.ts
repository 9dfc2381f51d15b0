// The traffic module's front door (decision 083): traffic rules, blocklists and the click signals /click judges by.
export { trafficRoutes } from './traffic.routes.js';
export { loadClickGuard, resolveRules, type ClickGuard } from './traffic.service.js';
export {
  NO_BLOCKS,
  VelocityCounter,
  hostingNetworkOf,
  isBotUserAgent,
  isMalformedUserAgent,
  judgeClick,
} from './signals.js';
