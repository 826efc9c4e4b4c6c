import { useT } from '../../../core/site/i18n/context';

/** No event source exists yet, so the page says so plainly instead of inventing dates. */
export function Events() {
  const t = useT();
  return (
    <article className="page">
      <h1>{t('app.site.events.title')}</h1>
      <p className="page-lead">{t('app.site.events.intro')}</p>
      <div className="card card-empty">
        <h2>{t('app.site.events.empty_title')}</h2>
        <p>{t('app.site.events.empty_text')}</p>
      </div>
      <p className="muted">{t('app.site.events.note')}</p>
    </article>
  );
}
