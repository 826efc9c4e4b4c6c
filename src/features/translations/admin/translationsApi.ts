import { call } from '../../../core/admin/api/http';
import * as contract from '../contract';
import type { Static } from '../../../core/shared/api/schema';

/** The translations API as typed calls. Entries are flat dotted keys. */
export type Entries = Record<string, string>;

export type LanguageInfo = Static<typeof contract.LanguageSummary>;
export type Translation = Static<typeof contract.Translation>;

const URL = '/api/auth/translations';

export const listLanguages = () => call(contract.translationsAction, URL, { method: 'POST', body: {} });

export const loadLanguage = (lang: string) => call(contract.translationsAction, URL, { method: 'POST', body: { lang } });

export const saveLanguage = (lang: string, entries: Entries) =>
  call(contract.saveTranslations, URL, { method: 'PUT', body: { lang, data: { entries } } });

export const generateFiles = () => call(contract.translationsAction, URL, { method: 'POST', body: { generate_files: true } });

export type EntryState = Static<typeof contract.EntryState>;

/** Every entry of a language beside the reference text (the editor filters them as it edits). */
export const loadEntryStates = (lang: string) => call(contract.listEntries, `${URL}/entries?lang=${encodeURIComponent(lang)}&limit=20000`);

export const saveLanguageChecked = (lang: string, entries: Entries, opts: { acceptTagWarnings: boolean; reviewed: string[] }) =>
  call(contract.saveTranslations, URL, { method: 'PUT', body: { lang, data: { entries }, ...opts } });

export type KeyChange = Static<typeof contract.KeyChange>;

/** One page of a key's changes in one language, newest first. */
export const loadKeyHistory = (lang: string, key: string, page: number, limit: number) =>
  call(contract.keyHistory, `${URL}/history?${new URLSearchParams({ lang, key, page: String(page), limit: String(limit) }).toString()}`);
