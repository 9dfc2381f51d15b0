import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE } from '@portal/contracts';
import en from '../locales/en.json';

export const FALLBACK_LOCALE = 'en';

/**
 * English only for now (spec section 1). The default locale is 'en-EN'; i18next walks
 * en-EN -> en, so one file per language code is enough.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  resources: { [FALLBACK_LOCALE]: { translation: en } },
  // Resources are bundled, so initialise synchronously: the first render already has texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
