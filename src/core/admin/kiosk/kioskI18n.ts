import { createInstance } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import { i18nOptions, LANGUAGES } from '../providers/i18nOptions';

/**
 * The login-only shell is Greek: no language detector, so neither
 * the browser nor a saved choice overrides it, and switching here is not
 * saved over the main shell's choice.
 */
export async function createKioskI18nProvider(): Promise<I18nProvider> {
  const instance = createInstance().use(HttpBackend);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  // Same cast as the admin's provider: ra-i18n-i18next declares its own i18next copy.
  const raInstance = instance as unknown as Parameters<typeof getI18nProvider>[0];
  const options = { ...i18nOptions, lng: 'el' } as unknown as Parameters<typeof getI18nProvider>[1];
  return getI18nProvider(raInstance, options, LANGUAGES);
}
