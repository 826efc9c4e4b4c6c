import { Suspense, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { SkipNavigationButton } from './SkipNavigationButton';
import { styled } from '@mui/material/styles';
import { Loading, Sidebar, useDefaultTitle, useResetErrorBoundaryOnLocationChange, type ErrorProps, type LayoutProps } from 'react-admin';

type ErrorComponent = NonNullable<LayoutProps['error']>;

/**
 * react-admin's LayoutClasses, spelled out: importing them would keep the
 * rest of its Layout module (its AppBar, user menu and Inspector) in the
 * bundle, since their module-level calls count as side effects.
 */
const LayoutClasses = {
  appFrame: 'RaLayout-appFrame',
  contentWithSidebar: 'RaLayout-contentWithSidebar',
  content: 'RaLayout-content',
} as const;

/**
 * What react-admin's Error view does when given an error component: reset
 * the boundary when the address changes, and render ours. Its own view
 * (never shown here) pulls the configurable page title, and with it MUI's
 * TextField, Popover and Accordion, into the admin's first load.
 */
function LayoutError({
  error,
  errorComponent: Shown,
  errorInfo,
  resetErrorBoundary,
}: {
  error: ErrorProps['error'];
  errorComponent: ErrorComponent;
  errorInfo?: ErrorInfo;
  resetErrorBoundary: (...args: unknown[]) => void;
}) {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  const title = useDefaultTitle();
  // Like react-admin's view: the error component gets no resetErrorBoundary.
  return <Shown error={error} errorInfo={errorInfo} title={title} />;
}

/**
 * react-admin's Layout (same classes, same look) without its preferences
 * Inspector. The Inspector only serves the "configurable" edit mode, which
 * this product never turns on (the column chooser writes the store itself),
 * yet it read document.body.clientWidth on every render of the layout: a
 * forced layout in each of the start-up commits.
 */
export function FrameLayout({
  appBar: AppBar,
  menu: Menu,
  error,
  children,
}: {
  appBar: ComponentType;
  menu: ComponentType;
  error: ErrorComponent;
  children: ReactNode;
}) {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  return (
    <Frame className="layout">
      <SkipNavigationButton />
      <div className={LayoutClasses.appFrame}>
        <AppBar />
        <main className={LayoutClasses.contentWithSidebar}>
          <Sidebar>
            <Menu />
          </Sidebar>
          <div id="main-content" className={LayoutClasses.content}>
            <ErrorBoundary
              onError={(_e, info) => setErrorInfo(info)}
              fallbackRender={({ error: e, resetErrorBoundary }) => (
                <LayoutError error={e} errorComponent={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
              )}
            >
              <Suspense fallback={<Loading />}>{children}</Suspense>
            </ErrorBoundary>
          </div>
        </main>
      </div>
    </Frame>
  );
}

// react-admin's RaLayout rules, so theme overrides of RaLayout still apply.
const Frame = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));
