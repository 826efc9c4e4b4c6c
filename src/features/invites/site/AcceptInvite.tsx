import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../core/web/dates';
import './AcceptInvite.css';
import { Link } from '../../../core/site/Link';
import { FormMessage } from '../../../core/site/FormMessage';
import { useSiteI18n } from '../../../core/site/i18n/context';
import { AcceptInviteForm } from './AcceptInviteForm';
import { checkInvite, googleEnabled, type InviteCheck } from './acceptInviteApi';
import { invalidReason, inviteToken, type InvalidReason } from './acceptInviteState';

type View =
  | { kind: 'checking' }
  | { kind: 'check_failed' }
  | { kind: 'invalid'; reason: InvalidReason }
  | { kind: 'ready'; invite: InviteCheck }
  | { kind: 'done' };

const when = formatDateTime;

/** /invite?token=...: register on an invite, by Google or by password. */
export function AcceptInvite() {
  const { lang, t } = useSiteI18n();
  const [token] = useState(() => inviteToken(window.location.search));
  const [view, setView] = useState<View>(() => (token ? { kind: 'checking' } : { kind: 'invalid', reason: 'invalid' }));
  const [google, setGoogle] = useState(false);

  /** Asks the server about the token; the view already reads 'checking'. */
  const load = useCallback(() => {
    if (!token) return;
    checkInvite(token).then(
      (invite) => {
        const reason = invalidReason(invite);
        setView(reason ? { kind: 'invalid', reason } : { kind: 'ready', invite });
      },
      () => setView({ kind: 'check_failed' }),
    );
  }, [token]);
  useEffect(load, [load]);
  // 'Try again' after a failed check.
  const check = () => {
    setView({ kind: 'checking' });
    load();
  };
  useEffect(() => {
    void googleEnabled().then(setGoogle);
  }, []);

  return (
    <section className="page page-narrow">
      <div className="panel" data-testid="accept-invite" data-state={view.kind}>
        <h1>{t('app.acceptInvite.title')}</h1>
        {view.kind === 'checking' && (
          <p className="muted" role="status">
            {t('app.acceptInvite.checking')}
          </p>
        )}
        {view.kind === 'check_failed' && (
          <>
            <FormMessage kind="error" text={t('app.acceptInvite.check_failed')} />
            <button type="button" className="button button-block" onClick={check}>
              {t('app.acceptInvite.retry')}
            </button>
          </>
        )}
        {view.kind === 'invalid' && (
          <>
            <FormMessage kind="error" text={t(`app.acceptInvite.${view.reason}`)} />
            <p className="panel-foot">
              <Link to="/">{t('app.acceptInvite.home')}</Link>
            </p>
          </>
        )}
        {view.kind === 'done' && (
          <>
            <FormMessage kind="success" text={t('app.acceptInvite.submitted')} />
            <p className="muted">{t('app.acceptInvite.submitted_note')}</p>
          </>
        )}
        {view.kind === 'ready' && token && (
          <>
            <dl className="invite-facts">
              <dt>{t('app.acceptInvite.invited_for')}</dt>
              <dd data-testid="invite-email">{view.invite.email ?? <em>{t('app.acceptInvite.any_email')}</em>}</dd>
              {view.invite.expiresAt && (
                <>
                  <dt>{t('app.acceptInvite.expires')}</dt>
                  <dd>{when(view.invite.expiresAt, lang)}</dd>
                </>
              )}
            </dl>
            {google && (
              <>
                {/* A full page load: the admin chunk carries the Google sign-in. */}
                <a className="button button-block invite-google" href={`/admin/login?invite=${encodeURIComponent(token)}`}>
                  {t('app.acceptInvite.google')}
                </a>
                <p className="invite-divider">
                  <span>{t('app.acceptInvite.or')}</span>
                </p>
              </>
            )}
            <AcceptInviteForm
              token={token}
              lockedEmail={view.invite.email}
              onDone={() => setView({ kind: 'done' })}
              onInvalid={(reason) => setView({ kind: 'invalid', reason })}
            />
          </>
        )}
      </div>
    </section>
  );
}
