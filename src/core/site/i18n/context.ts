import { createContext, useContext } from 'react';
import type { Language } from '../../web/language';

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export interface SiteI18n {
  lang: Language;
  setLang: (lng: Language) => void;
  t: Translate;
}

export const SiteI18nContext = createContext<SiteI18n | null>(null);

export function useSiteI18n(): SiteI18n {
  const value = useContext(SiteI18nContext);
  if (!value) throw new Error('useSiteI18n outside <SiteI18nProvider>');
  return value;
}

/** The translate function of the public site. */
export const useT = (): Translate => useSiteI18n().t;
