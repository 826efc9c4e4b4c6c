import { clearSession } from '../web/session';
import { useT } from './i18n/context';

/** The error screen inside the public site (main shell: with the clear-storage way out). */
export function SiteError({ error }: { error: unknown }) {
  const t = useT();
  const message = error instanceof Error && error.message ? error.message : t('app.error.unexpected');
  const back = () => window.history.back();
  return (
    <section className="page page-narrow" role="alert">
      <h1>{t('app.error.title')}</h1>
      <p className="error-text">{message}</p>
      <div className="actions">
        <a className="button button-ghost" href="/">
          {t('app.error.frontend')}
        </a>
        <button type="button" className="button button-ghost" onClick={back}>
          {t('app.error.go_back')}
        </button>
        <button
          type="button"
          className="button button-warn"
          onClick={() => {
            clearSession();
            back();
          }}
        >
          {t('app.error.clear_storage')}
        </button>
      </div>
    </section>
  );
}
