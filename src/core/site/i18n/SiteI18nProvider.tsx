import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { detectLanguage, FALLBACK_LANGUAGE, saveLanguage, type Language } from '../../web/language';
import { interpolate, loadLocaleFile, lookup, type Messages } from '../../web/localeFile';
import { SiteI18nContext, type SiteI18n } from './context';

type Loaded = Partial<Record<Language, Messages>>;

/**
 * The public site's translations, read from the same /locales files the admin
 * uses (so the translations editor changes them too), without i18next.
 * A key missing in the chosen language is looked up in the fallback (el),
 * which is only fetched when such a miss happens.
 */
export function SiteI18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Language>(detectLanguage);
  const [loaded, setLoaded] = useState<Loaded>({});
  const [failed, setFailed] = useState(false);
  const missed = useRef(false);

  const ensure = useCallback((lng: Language) => {
    loadLocaleFile(lng).then(
      (m) => setLoaded((prev) => (prev[lng] ? prev : { ...prev, [lng]: m })),
      () => setFailed(true),
    );
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
    ensure(lang);
  }, [lang, ensure]);

  const t = useCallback(
    (key: string, vars?: Record<string, string | number>) => {
      const own = lookup(loaded[lang], key);
      if (own !== undefined) return interpolate(own, vars);
      missed.current = true;
      const fallback = lookup(loaded[FALLBACK_LANGUAGE], key);
      // Last resort: the key itself, so a gap is visible rather than blank.
      return interpolate(fallback ?? key, vars);
    },
    [lang, loaded],
  );

  // After a render that missed keys, fetch the fallback file once.
  useEffect(() => {
    if (missed.current && !loaded[FALLBACK_LANGUAGE]) ensure(FALLBACK_LANGUAGE);
  });

  // The page switches once the new texts are in, so it never goes blank.
  const setLang = useCallback((lng: Language) => {
    saveLanguage(lng);
    loadLocaleFile(lng).then(
      (m) => {
        setLoaded((prev) => ({ ...prev, [lng]: m }));
        setLangState(lng);
      },
      () => {
        setFailed(true);
        setLangState(lng);
      },
    );
  }, []);

  const value = useMemo<SiteI18n>(() => ({ lang, setLang, t }), [lang, setLang, t]);
  // Until the texts arrive (usually already in flight from main.tsx) nothing
  // renders, so no keys flash; a failed load still renders, showing keys.
  if (!loaded[lang] && !failed) return null;
  return <SiteI18nContext.Provider value={value}>{children}</SiteI18nContext.Provider>;
}
