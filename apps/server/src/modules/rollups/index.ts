// The rollups' front door: hourly and daily statistics written by clicks and conversions (decision 021).
export { RollupAccumulator, hourOf } from './rollups.js';
export { writeRejected, dailyStats, type RejectedKey } from './rollups.repository.js';
