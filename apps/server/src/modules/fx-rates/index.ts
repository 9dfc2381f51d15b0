// The daily reference rates' front door (decision 111): the table, the ECB's file read daily, the conversion of a
// report's amounts to the base currency.
export { fxRatesRoutes } from './fx-rates.routes.js';
export { FxRatesJob, type FxRatesRun } from './fx-rates-job.js';
export {
  fxConverterFor,
  fxFactorsFor,
  importEcbRates,
  storeRates as storeFxRates,
  storeRatesOfDays as storeFxRatesOfDays,
} from './fx-rates.service.js';
export type { FxAmount, FxConverter, FxFactorTable, FxMissingDay, FxPartial } from './fx-convert.js';
