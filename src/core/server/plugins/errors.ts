import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable, sqlState } from '../db/availability';
import { HttpError } from '../http/http-error';
import { humanize } from '../http/labels';
import { ISSUED_IMAGE_PATTERN } from '../uploads/images';
import { EMAIL_FORMAT_MESSAGE, PASSWORD_MIN_MESSAGE } from '../http/messages';

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') return issue.params.missingProperty;
  return (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'body';
}

function messageOf(field: string, issue: AjvIssue): string {
  const label = humanize(field);
  switch (issue.keyword) {
    case 'required':
      return `${label} is required`;
    case 'minLength':
      return field === 'password' ? PASSWORD_MIN_MESSAGE : `${label} must have at least ${issue.params?.limit} characters`;
    case 'maxLength':
      return `${label} must have at most ${issue.params?.limit} characters`;
    case 'format':
      return issue.params?.format === 'email' ? EMAIL_FORMAT_MESSAGE : `${label} is not valid`;
    case 'type': {
      // Nullable fields report 'string,null': name the non-null type.
      const raw =
        String(issue.params?.type)
          .split(',')
          .find((t) => t !== 'null') ?? 'value';
      const type = raw === 'integer' ? 'whole number' : raw;
      return `${label} must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
    }
    case 'enum':
      return `${label} must be one of: ${(issue.params?.allowedValues as string[] | undefined)?.join(', ')}`;
    case 'minimum':
    case 'maximum':
      return `${label} must be ${issue.keyword === 'minimum' ? 'at least' : 'at most'} ${issue.params?.limit}`;
    case 'pattern':
      if (issue.params?.pattern === ISSUED_IMAGE_PATTERN) return `${label} must be an image uploaded to this server`;
      return `${label} is not valid`;
    default:
      return `${label} ${issue.message ?? 'is not valid'}`;
  }
}

/** A body's schema errors as the API says them: one message per field, in the order found. */
export function validationFields(issues: readonly AjvIssue[]): Record<string, string> {
  // Field names can come from the request: no prototype to reach.
  const fields = Object.create(null) as Record<string, string>;
  for (const issue of issues) {
    const f = fieldOf(issue);
    fields[f] ??= messageOf(f, issue);
  }
  return fields;
}

/** Every error leaves as `{error}` (+ `fields`), never with a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError & { validation?: AjvIssue[] }, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        ...err.details,
        error: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.code ? { code: err.code } : {}),
      });
    }
    if (err.validation) {
      const fields = validationFields(err.validation);
      return reply.status(400).send({ error: Object.values(fields)[0] ?? 'Invalid request.', fields });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ error: 'The upload is too large.' });
    }
    if (status === 429) return reply.status(429).send({ error: 'Too many attempts. Please wait a minute and try again.' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: err.message || 'Invalid request.' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ error: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    // Values PostgreSQL refuses (class 22: bad text, numbers out of range...) came from the request.
    if (sqlState(err)?.startsWith('22')) {
      request.log.warn({ err }, 'value refused by the database');
      return reply.status(400).send({ error: 'A value in the request is not valid.' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'An unexpected error occurred.' });
  });
});
