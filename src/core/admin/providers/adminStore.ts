import { localStorageStore } from 'react-admin';

/** react-admin's store (list preferences, theme, sidebar, language), in localStorage under `RaStoreBackOffice.*`. */
export const adminStore = localStorageStore(undefined, 'BackOffice');

/**
 * Writes the language the i18n provider starts in (i18next's detection)
 * into the store before react-admin first renders. react-admin's
 * I18nContextProvider renders nothing while the two disagree (an empty store
 * disagrees), then renders the whole back office again from an effect: an
 * urgent render, one long task, undoing the time-sliced first render
 * (AdminRoot.tsx) that keeps the page responsive while it starts.
 */
export function agreeOnLocale(locale: string): void {
  if (adminStore.getItem<string>('locale') !== locale) adminStore.setItem('locale', locale);
}
