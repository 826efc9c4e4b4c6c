import { Type, type Static, type TSchema } from 'typebox';

/**
 * The one TypeBox line of the tree (`typebox` 1.x; never beside
 * `@sinclair/typebox`: two lines in one tree do not mix). Everything in
 * src/core/shared/api builds on these.
 */
export { Type, type Static, type TSchema };

/**
 * A value or null, as one `type: [t, 'null']` (not an `anyOf`, which
 * fast-json-stringify would check value by value on every response).
 */
export function Nullable<T extends TSchema>(schema: T) {
  const { type, ...rest } = schema as unknown as { type: string } & Record<string, unknown>;
  return Type.Unsafe<Static<T> | null>({ ...rest, type: [type, 'null'] });
}

/** A record id (uuid). */
export const Id = Type.String({ format: 'uuid' });

/** An ISO timestamp, or null. */
export const Timestamp = Nullable(Type.String({ format: 'date-time' }));

/** `{ok: true}`: the answer of writes that have nothing else to say. */
export const Ok = Type.Object({ ok: Type.Literal(true) });

/** `{ok: true, message}`: a write whose message the screen shows. */
export const OkMessage = Type.Object({ ok: Type.Literal(true), message: Type.String() });

/** Page numbers of the paged lists (`?page=&limit=`). */
export const PageInfo = {
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  pages: Type.Integer({ minimum: 1 }),
};
