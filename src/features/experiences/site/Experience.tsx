import './Experience.css';
import { useEffect, useState } from 'react';
import { useT } from '../../../core/site/i18n/context';
import { fetchExperience, type ExperienceResult } from './experienceApi';
import { ExperienceGallery } from './ExperienceGallery';
import { ExperienceMissing } from './ExperienceMissing';

/** /experience/{slug or id}: the published item, readable without signing in. */
export function Experience({ slugOrId }: { slugOrId: string }) {
  const t = useT();
  const [result, setResult] = useState<ExperienceResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Another item, or another try: back to loading (set while rendering, not in the effect).
  const request = `${slugOrId}\n${attempt}`;
  const [shownRequest, setShownRequest] = useState(request);
  if (shownRequest !== request) {
    setShownRequest(request);
    setResult(null);
  }

  useEffect(() => {
    const ctl = new AbortController();
    void fetchExperience(slugOrId, ctl.signal).then((r) => !ctl.signal.aborted && setResult(r));
    return () => ctl.abort();
  }, [slugOrId, attempt]);

  const title = result?.kind === 'ok' ? result.item.title : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  if (!result)
    return (
      <p className="page muted" role="status">
        {t('app.experiences.public.loading')}
      </p>
    );
  if (result.kind === 'missing') return <ExperienceMissing />;
  if (result.kind === 'error')
    return (
      <article className="page page-center">
        <p role="alert">{t('app.experiences.public.load_error')}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {t('app.experiences.public.retry')}
        </button>
      </article>
    );
  const { item } = result;
  return (
    <article className="page xp" data-testid="experience-page">
      <h1>{item.title}</h1>
      <ExperienceGallery images={item.images} title={item.title} />
      {/* The server sanitizes description (allow-list) before storing it; nothing else is injected. */}
      <div className="xp-body" dangerouslySetInnerHTML={{ __html: item.description }} />
      {item.tags.length > 0 && (
        <section className="xp-tags-wrap">
          <h2 className="xp-tags-title">{t('app.experiences.public.tags')}</h2>
          <ul className="xp-tags" data-testid="experience-tags">
            {item.tags.map((tag) => (
              <li key={tag} className="xp-tag">
                {tag}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
