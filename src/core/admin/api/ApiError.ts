import { HttpError } from 'react-admin';

/** The API helper shows the server's error field; otherwise 'An unexpected error occurred.' */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

export interface ApiErrorBody {
  /** The server's `error` text, when it sent one. */
  error?: string;
  /** Per-field messages; react-admin reads `errors` to mark form fields. */
  errors?: Record<string, string>;
  /** True when no HTTP answer arrived at all (network failure). */
  transport?: boolean;
}

/** An HttpError whose body says whether the server explained itself. */
export function apiError(status: number, body: ApiErrorBody): HttpError {
  return new HttpError(body.error || UNEXPECTED_ERROR, status || 500, body);
}

export function errorBody(e: unknown): ApiErrorBody {
  if (e instanceof HttpError && e.body && typeof e.body === 'object') return e.body as ApiErrorBody;
  return {};
}

export function errorStatus(e: unknown): number | undefined {
  if (e && typeof e === 'object' && 'status' in e && typeof e.status === 'number') return e.status;
  return undefined;
}
