import { Link } from '../../../core/site/Link';
import { useT } from '../../../core/site/i18n/context';

/** Unknown or under review: nothing about it is public yet. */
export function ExperienceMissing() {
  const t = useT();
  return (
    <article className="page page-center" data-testid="experience-missing">
      <h1>{t('app.experiences.public.not_found_title')}</h1>
      <p className="muted">{t('app.experiences.public.not_found_text')}</p>
      <Link to="/" className="button">
        {t('app.experiences.public.back_home')}
      </Link>
    </article>
  );
}
