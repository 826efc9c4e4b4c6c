import { createInstance } from 'i18next';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { i18nOptions, LANGUAGES } from './i18nOptions';
import { languageDetector, localeBackend } from './i18nPlugins';

/** Loads the translation files before the admin renders (no flash of keys). */
export async function createI18nProvider(): Promise<I18nProvider> {
  const instance = createInstance().use(localeBackend).use(languageDetector);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  // ra-i18n-i18next forces lng 'en' unless told otherwise; undefined lets the detector decide.
  // ra-i18n-i18next types against its own nested i18next copy; vite dedupes
  // both to one at runtime, so only the declarations differ.
  const raInstance = instance as unknown as Parameters<typeof getI18nProvider>[0];
  const options = { ...i18nOptions, lng: undefined } as unknown as Parameters<typeof getI18nProvider>[1];
  const provider = await getI18nProvider(raInstance, options, LANGUAGES);
  return {
    ...provider,
    // i18next may report a regional code (en-US); the switcher knows en/el only.
    getLocale: () => instance.resolvedLanguage ?? instance.language,
  };
}
