/**
 * The interface language, shared by the public site and the admin:
 * saved choice under `i18nextLng`, then the browser languages, then the page's
 * lang attribute; anything unsupported falls back to el. Regional variants
 * collapse (en-US -> en). Mirrors i18next's detector so both faces agree.
 */
export const SUPPORTED_LANGUAGES = ['en', 'el'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'el';
export const LANGUAGE_KEY = 'i18nextLng';

export function toSupported(code: string | null | undefined): Language | null {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function detectLanguage(): Language {
  const candidates = [stored(), ...(navigator.languages ?? [navigator.language]), document.documentElement.lang];
  for (const c of candidates) {
    const lng = toSupported(c);
    if (lng) return lng;
  }
  return FALLBACK_LANGUAGE;
}

export function saveLanguage(lng: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  document.documentElement.lang = lng;
}
