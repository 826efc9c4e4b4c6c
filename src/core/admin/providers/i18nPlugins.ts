import type { BackendModule, LanguageDetectorModule } from 'i18next';
import { loadLocaleFile } from '../../web/localeFile';
import { detectLanguage, LANGUAGE_KEY } from '../../web/language';

/**
 * i18next's two plugins, on the code the light faces already share
 * (src/core/web/): i18next-http-backend and i18next-browser-languagedetector
 * were 4 kB of the admin's first load for what these do with the same rules.
 */

/**
 * Reads /locales/{lng}/translations.json (the `backend.loadPath` of
 * i18nOptions), with loadLocaleFile's retries: 5 from 350 ms, doubling, for
 * 5xx and network failures; 4xx and bad JSON fail at once. The retries are
 * done, so i18next is told not to retry again.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    loadLocaleFile(language).then(
      (messages) => callback(null, messages),
      (e: unknown) => callback(e instanceof Error ? e.message : String(e), false),
    );
  },
};

/**
 * The language: saved choice (`i18nextLng`), then the browser's, then the
 * page's lang attribute (i18nOptions' `detection` order, through
 * detectLanguage), and the chosen one saved back, as the detector's
 * `caches: ['localStorage']` did.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init: () => undefined,
  detect: () => detectLanguage(),
  cacheUserLanguage: (lng) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  },
};
