import { Suspense, useMemo, type ReactElement, type ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { CssBaseline, LinearProgress } from '@mui/material';
import { AdminContext, CoreAdminUI, CustomRoutes, LoadingPage, Resource, type I18nProvider, type ResourceProps } from 'react-admin';
import { productResources } from '../../../resources/set';
import { hasOperation } from '../shared/resource';
import type { ResourceSet } from '../shared/resource-set';
import { ADMIN_OWN_PATHS } from '../shared/site-paths';
import { createDataProvider, dataProvider } from './providers/dataProvider';
import { authProvider, createAuthProvider } from './providers/authProvider';
import { queryClient } from './providers/queryClient';
import { adminStore } from './providers/adminStore';
import { AppLayout } from './layout/AppLayout';
import { darkTheme, lightTheme } from './theme/themes';
import { AppNotifications } from './layout/AppNotifications';
import { useMenuIcon } from './layout/menuIcons';
import { SignInGate } from './auth/SignInGate';
import { AccessDenied } from './screens/AccessDenied';
import { NotFound } from './screens/NotFound';
import { ErrorPage } from './screens/ErrorPage';
import { CategoryGuard } from './screens/CategoryGuard';
import {
  AuditLogPage,
  AuthenticationErrorPage,
  Dashboard,
  ForgotPasswordPage,
  ProfilePage,
  ResetPasswordPage,
  ResourceList,
  TwoFactorSetupPage,
  WebhooksPage,
} from './lazyScreens';
import { adminModules } from './resources';
import { AdminResourcesProvider, moduleOf, type AdminResources } from './resources/AdminResources';
import { FixedResourceDefinitions } from './resources/FixedResourceDefinitions';
import type { AdminModules } from './resources/module';

const lazyPage = (node: ReactNode) => <Suspense fallback={<LinearProgress />}>{node}</Suspense>;

const AuthenticationError = () => lazyPage(<AuthenticationErrorPage />);

interface Props {
  i18nProvider: I18nProvider;
  /** Declarations to serve (default: resources/index.ts). */
  resources?: ResourceSet;
  /** Admin folders by resource name (default: src/core/admin/resources/index.ts). */
  modules?: AdminModules;
}

/** A screen that shows only with the menu entry of `path`: without it, access denied. */
const guarded = (path: string, node: ReactNode) => <CategoryGuard path={path}>{lazyPage(node)}</CategoryGuard>;

/** The product's providers, or ones of their own for other declarations. */
function useProviders(resources: ResourceSet) {
  const product = resources === productResources;
  return useMemo(
    () =>
      product
        ? { dataProvider, authProvider }
        : { dataProvider: createDataProvider(resources), authProvider: createAuthProvider(resources) },
    [product, resources],
  );
}

/**
 * A react-admin Resource for each resource the API lists: the folder's
 * list, else the generated one. Elements, not a component: react-admin
 * finds its Resources among the direct children of CoreAdminUI.
 */
function listedResources({ resources, modules }: AdminResources, menuIcon: (path: string) => ReactElement): ReactElement<ResourceProps>[] {
  return resources.list
    .filter((r) => hasOperation(r, 'list'))
    .map((r) => {
      const List = moduleOf(modules, r.name).list;
      return (
        <Resource
          key={r.name}
          name={r.name}
          list={lazyPage(List ? <List /> : <ResourceList name={r.name} />)}
          icon={() => menuIcon(r.path)}
          recordRepresentation={r.recordLabel}
        />
      );
    });
}

/**
 * The folders' screens as Routes, each guarded by its resource's menu entry:
 * the folder's list of a resource the API does not list, at its path, and
 * the folder's own routes.
 */
function folderRoutes({ resources, modules }: AdminResources) {
  return resources.list.flatMap((r) => {
    const m = moduleOf(modules, r.name);
    const own = !hasOperation(r, 'list') && m.list ? [{ path: r.path, element: <m.list /> }] : [];
    return [...own, ...(m.routes ?? [])].map((route) => (
      <Route key={route.path} path={route.path} element={guarded(r.path, route.element)} />
    ));
  });
}

/**
 * The back office. Every declared resource gets its screen from its
 * declaration and its admin folder: a resource the API lists gets a
 * react-admin Resource (the folder's list, else the generated one); one
 * the API does not list gets the folder's list as a screen at its path.
 * Folder routes (e.g. the experience editor) are guarded by the
 * resource's menu entry, like every screen: without it, access denied.
 */
function AdminScreens({ i18nProvider, value }: { i18nProvider: I18nProvider; value: AdminResources }) {
  const menuIcon = useMenuIcon();
  const providers = useProviders(value.resources);
  // Built once, so FixedResourceDefinitions computes the definitions once (react-admin itself registers them again
  // whenever CoreAdminUI's children change; with the fixed definitions that changes nothing).
  const listed = useMemo(() => listedResources(value, menuIcon), [value, menuIcon]);
  return (
    // react-admin's <Admin> is these two; it also imports its default English
    // polyglot provider (and polyfills), which this app never uses.
    <AdminContext
      dataProvider={providers.dataProvider}
      authProvider={providers.authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={adminStore}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
    >
      {/* react-admin's AdminUI is CssBaseline + CoreAdminUI + the notification,
          but its defaults for every slot (the login form, MUI's Snackbar,
          the preferences Inspector...) stay in the bundle even when
          overridden: CoreAdminUI gets ours, and the first load loses them. */}
      <CssBaseline enableColorScheme>
        <FixedResourceDefinitions resources={listed}>
          <CoreAdminUI
            title="Back Office"
            layout={AppLayout}
            loginPage={SignInGate}
            dashboard={Dashboard}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            loading={LoadingPage}
            catchAll={NotFound}
            error={ErrorPage}
            disableTelemetry
          >
            {listed}
            <CustomRoutes noLayout>
              <Route path={ADMIN_OWN_PATHS.forgotPassword} element={lazyPage(<ForgotPasswordPage />)} />
              <Route path={ADMIN_OWN_PATHS.resetPassword} element={lazyPage(<ResetPasswordPage />)} />
              <Route path={ADMIN_OWN_PATHS.twoFactorSetup} element={lazyPage(<TwoFactorSetupPage />)} />
            </CustomRoutes>
            <CustomRoutes>
              <Route path={ADMIN_OWN_PATHS.profile} element={guarded(ADMIN_OWN_PATHS.profile, <ProfilePage />)} />
              <Route path={ADMIN_OWN_PATHS.auditLog} element={guarded(ADMIN_OWN_PATHS.auditLog, <AuditLogPage />)} />
              <Route path={`${ADMIN_OWN_PATHS.webhooks}/*`} element={guarded(ADMIN_OWN_PATHS.webhooks, <WebhooksPage />)} />
              {folderRoutes(value)}
            </CustomRoutes>
          </CoreAdminUI>
        </FixedResourceDefinitions>
        <AppNotifications />
      </CssBaseline>
    </AdminContext>
  );
}

export function AdminApp({ i18nProvider, resources = productResources, modules = adminModules }: Props) {
  const value = useMemo(() => ({ resources, modules }), [resources, modules]);
  return (
    <AdminResourcesProvider value={value}>
      <AdminScreens i18nProvider={i18nProvider} value={value} />
    </AdminResourcesProvider>
  );
}
