import { api } from '../../api/http';

/** SPEC 7 "Translations" as typed calls. Entries are flat dotted keys. */
export type Entries = Record<string, string>;

export interface LanguageInfo {
  language: string;
  lastGenerated: string | null;
  updatedAt: string | null;
}

export interface Translation extends LanguageInfo {
  _id: string;
  data: { entries: Entries };
}

const URL = '/api/auth/translations';

export const listLanguages = () => api<{ translations: LanguageInfo[] }>(URL, { method: 'POST', body: {} });

export const loadLanguage = (lang: string) =>
  api<{ langFound: boolean; translation: Translation | null; translations: LanguageInfo[] }>(URL, { method: 'POST', body: { lang } });

export const saveLanguage = (lang: string, entries: Entries) =>
  api<{ ok: boolean; translation: Translation; translations: LanguageInfo[] }>(URL, { method: 'PUT', body: { lang, data: { entries } } });

export const generateFiles = () =>
  api<{ ok: boolean; generated: string[]; translations: LanguageInfo[] }>(URL, { method: 'POST', body: { generate_files: true } });
