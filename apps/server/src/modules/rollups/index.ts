// The rollups' front door: hourly and daily statistics written by clicks and conversions (decision 021).
export { RollupAccumulator, flaggedRows, hourOf, convertedWeeksFor, rebuildConvertedWeeksFor } from './rollups.js';
export {
  dailyStats,
  KnownTrafficPairs,
  flaggedStatement,
  hourlyRowsOf,
  refoldWeeklyGrains,
  lockConvertedWeeks,
  refreshConvertedWeeks,
  rebuildConvertedWeeks,
  clickRollupStatements,
  rejectedStatement,
  trafficPairsStatement,
  type TrafficPair,
  type FlaggedKey,
  type FlaggedRow,
  type RejectedKey,
} from './rollups.repository.js';
