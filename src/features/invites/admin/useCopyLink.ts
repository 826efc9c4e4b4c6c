import { useNotify } from 'react-admin';
import { copyText } from './copyText';

/** Copy with a toast either way, so the admin knows whether it worked. */
export function useCopyLink(): (link: string) => void {
  const notify = useNotify();
  return (link) => {
    void copyText(link).then((ok) => notify(ok ? 'app.invites.copied' : 'app.invites.copy_failed', { type: ok ? 'info' : 'error' }));
  };
}
