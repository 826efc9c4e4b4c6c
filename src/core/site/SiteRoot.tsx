import './site.css';
import { Header } from './Header';
import { Footer } from './Footer';
import { useLocationPath } from './useLocationPath';
import { matchRoute } from './routes';
import { NotFound } from './pages/NotFound';
import { SiteI18nProvider } from './i18n/SiteI18nProvider';
import { SiteError } from './SiteError';
import { ErrorBoundary } from '../web/ErrorBoundary';

export default function SiteRoot() {
  const path = useLocationPath();
  const match = matchRoute(path);
  return (
    <SiteI18nProvider>
      <div className="site">
        <Header path={path} />
        <main id="main" className="site-main">
          {/* Keyed by path: leaving a broken page clears the error. */}
          <ErrorBoundary key={path} fallback={(error) => <SiteError error={error} />}>
            {match ? match.page(match.params) : <NotFound />}
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
    </SiteI18nProvider>
  );
}
