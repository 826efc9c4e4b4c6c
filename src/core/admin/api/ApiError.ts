import { HttpError } from 'react-admin';
import type { ApiRecord } from '../../shared/api/crud';

/** The API helper shows the server's error field; otherwise 'An unexpected error occurred.' */
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

export interface ApiErrorBody {
  /** The server's `error` text, when it sent one. */
  error?: string;
  /** Per-field messages; react-admin reads `errors` to mark form fields. */
  errors?: Record<string, string>;
  /** True when no HTTP answer arrived at all (network failure). */
  transport?: boolean;
  /** A 412 (the record changed since it was read): the record as it is now. */
  current?: ApiRecord;
}

/** An HttpError whose body says whether the server explained itself. */
export function apiError(status: number, body: ApiErrorBody): HttpError {
  return new HttpError(body.error || UNEXPECTED_ERROR, status || 500, body);
}

export function errorBody(e: unknown): ApiErrorBody {
  if (e instanceof HttpError && e.body && typeof e.body === 'object') return e.body as ApiErrorBody;
  return {};
}

/**
 * The record as it is now, when `e` is a 412 (someone changed it since the
 * screen read it; the write sent `If-Match`); otherwise undefined.
 */
export function staleRecordOf(e: unknown): ApiRecord | undefined {
  return errorStatus(e) === 412 ? errorBody(e).current : undefined;
}

/** The `If-Match` header naming the version a screen read (none without one): the server refuses the write if it moved. */
export function ifMatch(version: unknown): Record<string, string> {
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

export function errorStatus(e: unknown): number | undefined {
  if (e && typeof e === 'object' && 'status' in e && typeof e.status === 'number') return e.status;
  return undefined;
}
