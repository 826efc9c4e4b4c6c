import { Link } from './Link';
import { LanguageSwitch } from './LanguageSwitch';
import { useT } from './i18n/context';
import { getUserInfo } from '../web/session';

/** Guest links (About, Events, Contact, Login); signed-in visitors get the way back to the admin. */
export function Header({ path }: { path: string }) {
  const t = useT();
  const signedIn = getUserInfo() !== null;
  const item = (to: string, label: string) => (
    <Link to={to} current={path === to}>
      {label}
    </Link>
  );
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('app.site.skip')}
      </a>
      <Link to="/" className="site-brand">
        {t('app.site.brand')}
      </Link>
      <nav className="site-nav" aria-label={t('app.site.nav_label')}>
        {item('/about', t('app.menu.about'))}
        {item('/events', t('app.menu.events'))}
        {item('/contact', t('app.menu.contact'))}
        {signedIn ? (
          <Link to="/admin" className="nav-cta">
            {t('app.site.admin')}
          </Link>
        ) : (
          <Link to="/admin/login" className="nav-cta">
            {t('app.auth.login')}
          </Link>
        )}
      </nav>
      <LanguageSwitch />
    </header>
  );
}
