import { ERROR_TEXTS } from './errorTexts';
import { detectLanguage } from './language';
import { clearSession } from './session';
import { goBackAndReload } from './goBack';
import { ERROR_SCREEN_CSS } from './errorScreenCss';

/**
 * The error screen without react-admin or MUI, so it can show when their
 * chunks are what failed. `mainShell` adds 'Clear Local Storage and Go Back'
 * (the login-only shell has no stored state worth clearing). `router` gives
 * the wording of the router's own error screen.
 */
export function ErrorScreen({ error, mainShell = true, router = false }: { error: unknown; mainShell?: boolean; router?: boolean }) {
  const t = ERROR_TEXTS[detectLanguage()];
  const message = error instanceof Error && error.message ? error.message : t.unexpected;
  return (
    <main className="web-error" role="alert">
      <style>{ERROR_SCREEN_CSS}</style>
      {/* The generic router error screen reads 'Unexpected Application Error!'. */}
      <h1>{router ? t.router : t.title}</h1>
      <p className="web-error-message">{message}</p>
      <div className="web-error-actions">
        <a href="/">{t.frontend}</a>
        <button type="button" onClick={goBackAndReload}>
          {t.goBack}
        </button>
        {mainShell && (
          <button
            type="button"
            className="web-error-clear"
            onClick={() => {
              clearSession();
              goBackAndReload();
            }}
          >
            {t.clearStorage}
          </button>
        )}
      </div>
    </main>
  );
}
