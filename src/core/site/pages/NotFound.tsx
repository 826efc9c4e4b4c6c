import { useT } from '../i18n/context';

/** '404 - Not Found' with a 'GO TO SHOP' link to /kiosk. */
export function NotFound() {
  const t = useT();
  return (
    <section className="page page-narrow page-center">
      <h1>{t('app.not_found.title')}</h1>
      <a className="button" href="/kiosk">
        {t('app.not_found.shop')}
      </a>
    </section>
  );
}
