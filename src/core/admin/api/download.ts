import { getToken } from '../../web/session';
import { apiError } from './ApiError';

/**
 * Downloads a file from the API with the session's Bearer token (a plain
 * link cannot send it) and hands it to the browser as `filename`.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw apiError(500, { transport: true });
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw apiError(res.status, { error: typeof body?.error === 'string' ? body.error : undefined });
  }
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the file to the browser's download already.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
