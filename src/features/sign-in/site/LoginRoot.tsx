import '../../../core/site/site.css';
import './login.css';
import { SiteI18nProvider } from '../../../core/site/i18n/SiteI18nProvider';
import { LoginPage } from './LoginPage';

/** The face main.ts picks for /admin/login when nobody is signed in yet. */
export default function LoginRoot() {
  return (
    <SiteI18nProvider>
      <LoginPage />
    </SiteI18nProvider>
  );
}
