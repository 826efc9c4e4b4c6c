import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../field-kinds/kind';
import { badRequest } from '../http/http-error';

/**
 * A preValidation hook refusing query parameters the schema does not name.
 * The shared AJV drops unknown keys silently (right for bodies); a list
 * filter nobody declared must say so instead of answering unfiltered rows.
 * Keys are read as own properties and compared with an own-property table,
 * so `__proto__` or `constructor` are unknown like any other name.
 */
export function refuseUnknownParams(schema: JsonSchema | object) {
  const known = new Set(Object.keys(((schema as JsonSchema).properties ?? {}) as object));
  return async (req: FastifyRequest) => {
    const query = (req.query ?? {}) as object;
    // Names cut short: the answer never echoes a long client string.
    const unknown = Object.keys(query)
      .filter((k) => !known.has(k))
      .map((k) => k.slice(0, 64));
    if (unknown.length) {
      throw badRequest(`Unknown filter: ${unknown.join(', ')}`, Object.fromEntries(unknown.map((k) => [k, 'Unknown filter'])));
    }
  };
}
