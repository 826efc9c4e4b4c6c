import { useEffect, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, type I18nProvider } from 'react-admin';
import { dataProvider } from '../providers/dataProvider';
import { LoginPage } from '../../../features/sign-in/admin/LoginPage';
import { AppNotifications } from '../layout/AppNotifications';
import { createKioskI18nProvider } from './kioskI18n';
import { kioskAuthProvider } from './kioskAuthProvider';
import { LeaveShell } from './LeaveShell';
import { darkTheme, lightTheme } from '../theme/themes';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Every path shows the login screen. A memory router keeps the address as it
 * was, and links inside the card cannot lead anywhere else.
 */
export default function KioskApp() {
  const [i18n, setI18n] = useState<I18nProvider | null>(null);
  useEffect(() => {
    let alive = true;
    void createKioskI18nProvider().then((p) => alive && setI18n(p));
    return () => {
      alive = false;
    };
  }, []);
  if (!i18n) return null;
  return (
    <MemoryRouter initialEntries={[`/login${window.location.search}`]}>
      <AdminContext
        authProvider={kioskAuthProvider}
        dataProvider={dataProvider}
        i18nProvider={i18n}
        queryClient={queryClient}
        store={memoryStore()}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
      >
        <Routes>
          {/* The card's 'Forgot password?' leaves the shell for the public form. */}
          <Route path="/forgot-password" element={<LeaveShell to="/forgot-password" />} />
          <Route path="*" element={<LoginPage />} />
        </Routes>
        <AppNotifications />
      </AdminContext>
    </MemoryRouter>
  );
}
