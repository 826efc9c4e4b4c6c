import { useT } from './i18n/context';

export function Footer() {
  const t = useT();
  return <footer className="site-footer">{t('app.site.footer', { year: new Date().getFullYear() })}</footer>;
}
