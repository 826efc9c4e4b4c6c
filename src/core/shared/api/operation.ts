import type { Static, TSchema } from './schema';

/**
 * One API operation's contract: what the server validates and serializes
 * through, what the OpenAPI document shows, and what clients type their
 * calls with (`Static<typeof op.response[200]>`). Server routes pass it as
 * their `schema`; the server adds the statuses every route can answer
 * (validation, sign-in, rate limit, database away: src/core/server/plugins/api-contract.ts)
 * and `security` from the route's access.
 */
export interface Operation {
  operationId: string;
  summary: string;
  tags: readonly string[];
  description?: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  consumes?: readonly string[];
  /** Media types of the answers when not JSON (text/csv, text/event-stream). */
  produces?: readonly string[];
  /** Every status the route itself answers: its 2xx and the errors of its own logic (404, 409...). */
  response: Readonly<Record<number, TSchema>>;
}

/** Declares an operation keeping its exact types (clients read `response[200]`). */
export const operation = <const O extends Operation>(o: O): O => o;

/** The success body of an operation (its lowest 2xx). */
export type SuccessOf<O extends Operation> = O['response'] extends infer R
  ? R extends { 200: infer S }
    ? S
    : R extends { 201: infer S }
      ? S
      : R extends { 202: infer S }
        ? S
        : never
  : never;

/** The success body of an operation, as a TypeScript type: what a client receives. */
export type Success<O extends Operation> = Static<SuccessOf<O> & TSchema>;

/** The request body of an operation, as a TypeScript type: what a client sends. */
export type BodyOf<O extends Operation> = O extends { body: infer B extends TSchema } ? Static<B> : never;
