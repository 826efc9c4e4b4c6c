import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { Admin, CustomRoutes, Resource, localStorageStore, type I18nProvider } from 'react-admin';
import { dataProvider } from './providers/dataProvider';
import { authProvider } from './providers/authProvider';
import { screenResources } from './registry';
import { AppLayout } from './layout/AppLayout';
import { ToastNotifications } from './layout/ToastNotifications';
import { LoginPage } from './auth/LoginPage';
import { Dashboard } from './screens/Dashboard';
import { AccessDenied } from './screens/AccessDenied';
import { NotFound } from './screens/NotFound';
import { ErrorPage } from './screens/ErrorPage';
import { CategoryGuard } from './screens/CategoryGuard';
import { ForgotPasswordPage, InvitesPage, ProfilePage, ResetPasswordPage, ResourceList, TranslationsPage } from './lazyScreens';
import { menuIcon } from './layout/menuIcons';
import { customLists, ExperienceEditor } from './screens/experiences/routing';

/** SPEC 9: lists stay fresh 15 s and are not retried. */
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 15000, retry: false } } });
const store = localStorageStore(undefined, 'BackOffice');

const lazyPage = (node: ReactNode) => <Suspense fallback={<LinearProgress />}>{node}</Suspense>;

export function AdminApp({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      title="Back Office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      layout={AppLayout}
      loginPage={LoginPage}
      dashboard={Dashboard}
      notification={ToastNotifications}
      accessDenied={AccessDenied}
      catchAll={NotFound}
      error={ErrorPage}
      disableTelemetry
    >
      {screenResources.map((r) => (
        <Resource
          key={r.name}
          name={r.name}
          list={lazyPage(customLists[r.name] ?? <ResourceList name={r.name} />)}
          icon={() => menuIcon(r.path)}
          recordRepresentation={r.recordLabel}
        />
      ))}
      <CustomRoutes noLayout>
        <Route path="/forgot-password" element={lazyPage(<ForgotPasswordPage />)} />
        <Route path="/reset-password/:token" element={lazyPage(<ResetPasswordPage />)} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/account/profile" element={<CategoryGuard path="/account/profile">{lazyPage(<ProfilePage />)}</CategoryGuard>} />
        <Route path="/translations" element={<CategoryGuard path="/translations">{lazyPage(<TranslationsPage />)}</CategoryGuard>} />
        <Route path="/experiences/new" element={<CategoryGuard path="/experiences">{lazyPage(<ExperienceEditor />)}</CategoryGuard>} />
        <Route path="/experiences/:id/edit" element={<CategoryGuard path="/experiences">{lazyPage(<ExperienceEditor />)}</CategoryGuard>} />
        <Route path="/invites" element={<CategoryGuard path="/invites">{lazyPage(<InvitesPage />)}</CategoryGuard>} />
      </CustomRoutes>
    </Admin>
  );
}
