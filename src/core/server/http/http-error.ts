/** An error whose message is safe and useful to show to the person who caused it. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: Record<string, string>,
    /** A machine-readable reason a client acts on (`two_factor_setup_required`). */
    public readonly code?: string,
    /** More of the answer's body, beside `error` (a 412's `current` record). */
    public readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found.`);
export const conflict = (message: string, fields?: Record<string, string>) => new HttpError(409, message, fields);
