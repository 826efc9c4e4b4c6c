import { SUPPORTED_LANGUAGES } from '../web/language';
import { useSiteI18n } from './i18n/context';

/** EN/EL buttons; the choice is kept under i18nextLng, shared with the admin. */
export function LanguageSwitch() {
  const { lang, setLang, t } = useSiteI18n();
  return (
    <div className="lang-switch" role="group" aria-label={t('app.site.language')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button key={lng} type="button" lang={lng} aria-pressed={lng === lang} onClick={() => setLang(lng)}>
          {lng.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
