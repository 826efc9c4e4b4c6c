import { useT } from '../../../core/site/i18n/context';

const FEATURES = ['users', 'roles', 'invites', 'experiences', 'translations'] as const;

export function About() {
  const t = useT();
  return (
    <article className="page">
      <h1>{t('app.site.about.title')}</h1>
      <p className="page-lead">{t('app.site.about.intro')}</p>
      <h2>{t('app.site.about.what_title')}</h2>
      <ul className="cards">
        {FEATURES.map((f) => (
          <li key={f} className="card">
            <h3>{t(`app.site.about.${f}_title`)}</h3>
            <p>{t(`app.site.about.${f}_text`)}</p>
          </li>
        ))}
      </ul>
      <h2>{t('app.site.about.access_title')}</h2>
      <p>{t('app.site.about.access_text')}</p>
    </article>
  );
}
