import { useTranslate } from 'react-admin';
import { ShownOnceDialog } from '../../../core/admin/generic/ShownOnceDialog';

/** The new token, shown this once, with a copy button: closing the dialog forgets it. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.api_tokens.${k}`);
  const texts = {
    title: t('copy_title'),
    note: t('copy_note'),
    label: t('token_label'),
    copy: t('copy'),
    done: t('done'),
    copied: 'app.api_tokens.copied',
    copyFailed: 'app.api_tokens.copy_failed',
  };
  return <ShownOnceDialog value={token} onClose={onClose} titleId="new-token-title" texts={texts} />;
}
