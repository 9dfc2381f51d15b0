// The reference data's front door: countries, languages and the configuration's data lists.
export { listCountries, listLanguages, loadDataLists } from './reference-data.js';
