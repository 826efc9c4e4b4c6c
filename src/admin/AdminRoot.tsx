import { useEffect, useState } from 'react';
import type { I18nProvider } from 'react-admin';
import { createI18nProvider } from './providers/i18nProvider';
import { AdminApp } from './AdminApp';

/** Waits for the translation files, then mounts react-admin under /admin. */
export default function AdminRoot() {
  const [i18n, setI18n] = useState<I18nProvider | null>(null);
  useEffect(() => {
    let alive = true;
    void createI18nProvider().then((p) => alive && setI18n(p));
    return () => {
      alive = false;
    };
  }, []);
  return i18n ? <AdminApp i18nProvider={i18n} /> : null;
}
