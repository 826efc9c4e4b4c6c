import { ShownOnceDialog } from '../../../core/admin/generic/ShownOnceDialog';
import { useWebhooksT } from './useWebhooksT';

/** A new signing secret, shown this once, with a copy button: closing the dialog forgets it. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useWebhooksT();
  const texts = {
    title: t('secret_title'),
    note: t('secret_note'),
    label: t('secret'),
    copy: t('copy'),
    done: t('done'),
    copied: 'app.webhooks.copied',
    copyFailed: 'app.webhooks.copy_failed',
  };
  return <ShownOnceDialog value={secret} onClose={onClose} titleId="webhook-secret-title" texts={texts} />;
}
