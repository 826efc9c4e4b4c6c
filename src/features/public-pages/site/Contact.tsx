import { Link } from '../../../core/site/Link';
import { useT } from '../../../core/site/i18n/context';

export function Contact() {
  const t = useT();
  return (
    <article className="page">
      <h1>{t('app.site.contact.title')}</h1>
      <p className="page-lead">{t('app.site.contact.intro')}</p>
      <ul className="cards">
        <li className="card">
          <h2>{t('app.site.contact.account_title')}</h2>
          <p>{t('app.site.contact.account_text')}</p>
        </li>
        <li className="card">
          <h2>{t('app.site.contact.password_title')}</h2>
          <p>{t('app.site.contact.password_text')}</p>
          <Link to="/forgot-password">{t('app.site.contact.password_link')}</Link>
        </li>
        <li className="card">
          <h2>{t('app.site.contact.problem_title')}</h2>
          <p>{t('app.site.contact.problem_text')}</p>
        </li>
      </ul>
    </article>
  );
}
