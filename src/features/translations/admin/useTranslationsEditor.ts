import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { checkSave } from '../markup';
import { referenceTextOf } from '../plurals';
import { toEntries } from './entries';
import {
  generateFiles,
  listLanguages,
  loadEntryStates,
  loadLanguage,
  saveLanguageChecked,
  type Entries,
  type EntryState,
  type LanguageInfo,
} from './translationsApi';
import { useRowsState } from './useRowsState';

/** The reference texts and "changed in the reference" flags of a language's entries. */
export interface ReferenceInfo {
  lang: string;
  texts: Entries;
  changed: ReadonlySet<string>;
}

function referenceInfo(lang: string | null, states: EntryState[]): ReferenceInfo | null {
  if (!lang) return null;
  const texts = Object.create(null) as Entries;
  const changed = new Set<string>();
  for (const s of states) {
    if (s.reference !== null) texts[s.key] = s.reference;
    if (s.changed) changed.add(s.key);
  }
  return { lang, texts, changed };
}

/**
 * Everything the translations screen does: the language list, the selected
 * language's rows, the reference language (for missing keys), save and
 * generate, with their success and error messages.
 */
export function useTranslationsEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const [uiLocale] = useLocaleState();
  const [params] = useSearchParams();
  const rows = useRowsState();
  const resetRows = rows.reset;
  const [languages, setLanguages] = useState<LanguageInfo[]>([]);
  /** Codes added with 'Add New Language' that exist only here until saved. */
  const [unsaved, setUnsaved] = useState<string[]>([]);
  const [lang, setLang] = useState<string | null>(null);
  const [reference, setReference] = useState<ReferenceInfo | null>(null);
  /** The entries as last loaded or saved: checks run on what a save changes. */
  const [loaded, setLoaded] = useState<Entries>({});
  /** Keys whose reference change the translator marked as reviewed (sent with the next save). */
  const [reviewed, setReviewed] = useState<ReadonlySet<string>>(new Set());
  const [acceptTags, setAcceptTags] = useState(false);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const request = useRef(0);

  /** The action's fallback text, followed by the server's own explanation when it gave one. */
  const fail = useCallback(
    (key: string, e: unknown) => {
      const detail = errorBody(e).error;
      const text = translate(key);
      notify(detail && detail !== text ? `${text}: ${detail}` : text, { type: 'error' });
    },
    [notify, translate],
  );

  const open = useCallback(
    async (code: string) => {
      const ticket = ++request.current;
      setLang(code);
      setLoading(true);
      setReference(null);
      setReviewed(new Set());
      setAcceptTags(false);
      try {
        const [own, states] = await Promise.all([loadLanguage(code), loadEntryStates(code).catch(() => null)]);
        if (ticket !== request.current) return; // a later click won
        const entries = own.translation?.data.entries ?? {};
        resetRows(entries);
        setLoaded(entries);
        setLanguages(own.translations);
        setReference(states ? referenceInfo(states.reference, states.data) : null);
      } catch (e) {
        if (ticket === request.current) fail('app.translations.error_loading', e);
      } finally {
        if (ticket === request.current) setLoading(false);
      }
    },
    [fail, resetRows],
  );

  // First visit: the list, then the language the admin is shown in.
  useEffect(() => {
    listLanguages().then(
      ({ translations }) => {
        setLanguages(translations);
        const codes = translations.map((t) => t.language);
        // A link may name the language (`?lang=`); else the one the admin is shown in.
        const linked = params.get('lang');
        const first = linked && codes.includes(linked) ? linked : codes.includes(uiLocale) ? uiLocale : codes[0];
        if (first) void open(first);
        else setLoading(false);
      },
      (e: unknown) => {
        setLoading(false);
        fail('app.translations.error_fetching', e);
      },
    );
    // Only on mount: later locale switches must not throw away edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (code: string) => {
    if (code === lang) return;
    if (rows.dirty && !window.confirm(translate('app.translations.discard_confirm'))) return;
    void open(code);
  };

  const addLanguage = (code: string) => {
    if (!languages.some((l) => l.language === code) && !unsaved.includes(code)) setUnsaved((u) => [...u, code]);
    select(code);
  };

  /** What a save of the current rows would be refused for (the server runs the same check). */
  const findings = () => {
    const texts = reference?.texts;
    return checkSave(toEntries(rows.rows), loaded, (k) => (texts ? referenceTextOf(texts, k) : undefined));
  };

  const save = async () => {
    if (!lang) return;
    const { errors, warnings } = findings();
    const refLang = (reference?.lang ?? '').toUpperCase();
    const nErr = Object.keys(errors).length;
    const nWarn = Object.keys(warnings).length;
    if (nErr) return notify(translate('app.translations.errors_block', { count: nErr, lang: refLang }), { type: 'error' });
    if (nWarn && !acceptTags)
      return notify(translate('app.translations.tag_warnings', { count: nWarn, lang: refLang }), { type: 'warning' });
    setBusy('save');
    try {
      const res = await saveLanguageChecked(lang, toEntries(rows.rows), { acceptTagWarnings: acceptTags, reviewed: [...reviewed] });
      const entries = res.translation.data.entries;
      rows.reset(entries);
      setLoaded(entries);
      setReviewed(new Set());
      setAcceptTags(false);
      setLanguages(res.translations);
      const states = await loadEntryStates(lang).catch(() => null);
      if (states) setReference(referenceInfo(states.reference, states.data));
      setUnsaved((u) => u.filter((c) => c !== lang));
      notify('app.translations.saved', { type: 'success' });
    } catch (e) {
      fail('app.translations.error_saving', e);
    } finally {
      setBusy(null);
    }
  };

  const generate = async () => {
    setBusy('generate');
    try {
      const res = await generateFiles();
      setLanguages(res.translations);
      notify('app.translations.generated', { type: 'success' });
    } catch (e) {
      fail('app.translations.error_generating', e);
    } finally {
      setBusy(null);
    }
  };

  const codes = [...languages.map((l) => l.language), ...unsaved.filter((c) => !languages.some((l) => l.language === c))];
  return {
    ...rows,
    codes,
    languages,
    lang,
    info: languages.find((l) => l.language === lang) ?? null,
    reference,
    loaded,
    findings,
    reviewed,
    markReviewed: (key: string) => setReviewed((r) => new Set(r).add(key)),
    acceptTags,
    setAcceptTags,
    loading,
    busy,
    select,
    addLanguage,
    save,
    generate,
  };
}
