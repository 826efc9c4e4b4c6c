import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../api/ApiError';
import { toEntries } from './entries';
import { referenceLanguage } from './languageCode';
import { generateFiles, listLanguages, loadLanguage, saveLanguage, type Entries, type LanguageInfo } from './translationsApi';
import { useRowsState } from './useRowsState';

/**
 * Everything the translations screen does: the language list, the selected
 * language's rows, the reference language (for missing keys), save and
 * generate, with the SPEC 8 messages.
 */
export function useTranslationsEditor() {
  const translate = useTranslate();
  const notify = useNotify();
  const [uiLocale] = useLocaleState();
  const rows = useRowsState();
  const resetRows = rows.reset;
  const [languages, setLanguages] = useState<LanguageInfo[]>([]);
  /** Codes added with 'Add New Language' that exist only here until saved. */
  const [unsaved, setUnsaved] = useState<string[]>([]);
  const [lang, setLang] = useState<string | null>(null);
  const [reference, setReference] = useState<Entries | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const request = useRef(0);

  /** SPEC 8 fallback text, followed by the server's own explanation when it gave one. */
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
      const refCode = referenceLanguage(code);
      try {
        const [own, ref] = await Promise.all([loadLanguage(code), loadLanguage(refCode).catch(() => null)]);
        if (ticket !== request.current) return; // a later click won
        resetRows(own.translation?.data.entries ?? {});
        setLanguages(own.translations);
        setReference(ref?.translation?.data.entries ?? null);
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
        const first = codes.includes(uiLocale) ? uiLocale : codes[0];
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

  const save = async () => {
    if (!lang) return;
    setBusy('save');
    try {
      const res = await saveLanguage(lang, toEntries(rows.rows));
      rows.reset(res.translation.data.entries);
      setLanguages(res.translations);
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
    lang,
    info: languages.find((l) => l.language === lang) ?? null,
    reference,
    referenceLang: lang ? referenceLanguage(lang) : null,
    loading,
    busy,
    select,
    addLanguage,
    save,
    generate,
  };
}
