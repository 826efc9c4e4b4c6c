import type { InitOptions } from 'i18next';

export const LANGUAGES = [
  { locale: 'en', name: 'English' },
  { locale: 'el', name: 'Ελληνικά' },
];

/** The interface languages and how they are detected and loaded, as i18next settings. Kept apart so tests can read them. */
export const i18nOptions: InitOptions = {
  supportedLngs: LANGUAGES.map((l) => l.locale),
  fallbackLng: 'el',
  // Regional variants collapse: en-US loads /locales/en/...
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  interpolation: { escapeValue: false },
  // Failed file loads: 5 retries starting at 350 ms (i18next doubles the wait),
  // at most 10 files in flight. The http backend flags only 5xx/network
  // failures as retriable, so 4xx and bad JSON are not retried.
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  detection: {
    order: ['localStorage', 'navigator', 'htmlTag'],
    lookupLocalStorage: 'i18nextLng',
    caches: ['localStorage'],
  },
  backend: {
    loadPath: '/locales/{{lng}}/translations.json',
  },
  react: { useSuspense: false },
};
