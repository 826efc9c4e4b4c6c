import { Type, type Static } from './schema';

/** Every error the API gives: a message, and per-field messages for a form. */
const errorProperties = {
  error: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** A machine-readable reason where a client acts on it (`two_factor_setup_required`). */
  code: Type.Optional(Type.String()),
};

export const ErrorBody = Type.Object(errorProperties);
export type ApiErrorBody = Static<typeof ErrorBody>;

/** Why each status is answered; the OpenAPI document shows these as response descriptions. */
const reasons = {
  400: 'The request is not valid (`fields` names each field in error).',
  401: 'Not signed in, or the session has ended.',
  403: 'Signed in, but not allowed to do this.',
  404: 'No such record.',
  409: 'A conflict: the value is taken, or the record is not in a state that allows this.',
  410: 'The link or invite has expired.',
  413: 'The request body is too large.',
  414: 'A path parameter is too long.',
  415: 'The request body is not of a supported media type.',
  429: 'Too many attempts: wait before trying again (`Retry-After`).',
  500: 'An unexpected error (a bug).',
  503: 'The database is briefly unavailable: try again after `Retry-After` seconds.',
} as const;

export type ErrorStatus = keyof typeof reasons;

const retryAfter = { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } };

/** The error body of one status, described; 429 and 503 say when to come back. */
function errorResponse(status: ErrorStatus) {
  const headers = status === 429 || status === 503 ? { headers: retryAfter } : {};
  return Type.Object(errorProperties, { description: reasons[status], ...headers });
}

/** One schema object per status, shared by every route (their serializers are compiled once). */
const byStatus = Object.fromEntries(
  (Object.keys(reasons) as unknown as ErrorStatus[]).map((s) => [s, errorResponse(Number(s) as ErrorStatus)]),
) as { [S in ErrorStatus]: ReturnType<typeof errorResponse> };

/** Response entries for the given error statuses: `response: { 200: X, ...errors(404, 409) }`. */
export function errors<S extends ErrorStatus>(...statuses: S[]): { [K in S]: (typeof byStatus)[K] } {
  return Object.fromEntries(statuses.map((s) => [s, byStatus[s]])) as { [K in S]: (typeof byStatus)[K] };
}
