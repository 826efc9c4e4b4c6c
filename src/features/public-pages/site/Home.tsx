import { Meteors } from '../../../core/site/Meteors';
import { Link } from '../../../core/site/Link';
import { useProfileTile } from '../../../core/site/useProfileTile';
import { useT } from '../../../core/site/i18n/context';
import { getUserInfo } from '../../../core/web/session';

export function Home() {
  const t = useT();
  const profileTile = useProfileTile();
  const signedIn = getUserInfo() !== null;
  return (
    <section className="home">
      <Meteors />
      <h1 className="home-title">{t('app.site.home.title')}</h1>
      <p className="home-lead">{t('app.site.home.lead')}</p>
      <div className="actions home-actions">
        {!signedIn && (
          <Link to="/admin/login" className="button">
            {t('app.site.home.cta_login')}
          </Link>
        )}
        <Link to="/about" className="button button-ghost">
          {t('app.site.home.cta_about')}
        </Link>
      </div>
      {/* Only when the user's categories include the profile path. */}
      {profileTile && (
        <a className="tile" href="/admin/account/profile">
          <strong>{t('app.site.home.profile_tile')}</strong>
          <span>{t('app.site.home.profile_text')}</span>
        </a>
      )}
    </section>
  );
}
