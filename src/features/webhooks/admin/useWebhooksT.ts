import { useTranslate } from 'react-admin';

/** The screens' texts (`app.webhooks.*`). */
export function useWebhooksT() {
  const translate = useTranslate();
  return (k: string, o?: Record<string, unknown>) => translate(`app.webhooks.${k}`, o);
}
