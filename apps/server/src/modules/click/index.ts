// The click module's front door: GET /click, its buffer and caches (decisions 015, 021, 022).
export { clickRoutes } from './click.routes.js';
export { ClickBuffer, type ClickBufferState } from './click-buffer.js';
export type { BufferedClick } from './buffered-click.js';
export { ClickJournal } from './click-journal.js';
export { ClickContextCache } from './click-lookup.js';
export { createClickHandler, isClickRequest, type ClickHandler } from './click-handler.js';
export { trackClick } from './click.js';
export { openCountryLookup, unplaceable, type CountryLookup } from './geo.js';
export {
  clickRetentionMessage,
  clickRetentionStart,
  dropOldClickPartitions,
  ensureClickPartitions,
} from './click-partitions.js';
export { timeOfClickId } from './click.js';
