import { getToken } from '../../../core/web/session';
import type { ApiRecord } from '../../../core/shared/api/crud';
import { apiError } from '../../../core/admin/api/ApiError';

/**
 * A JSON request through XMLHttpRequest, because fetch cannot report upload
 * progress and ten 10 MB pictures take a while. Errors have the same shape as
 * the api() helper's (HttpError with the server's `error` text).
 */
export function sendWithProgress<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  onProgress: (fraction: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(apiError(500, { transport: true }));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as T);
        return;
      }
      const o = (json && typeof json === 'object' ? json : {}) as { error?: unknown; fields?: unknown; current?: unknown };
      reject(
        apiError(xhr.status, {
          error: typeof o.error === 'string' ? o.error : undefined,
          errors: o.fields && typeof o.fields === 'object' ? (o.fields as Record<string, string>) : undefined,
          // A 412: the item as it is now.
          current: o.current && typeof o.current === 'object' ? (o.current as ApiRecord) : undefined,
        }),
      );
    };
    xhr.send(JSON.stringify(body));
  });
}
