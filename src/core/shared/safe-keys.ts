/**
 * Keys chosen by users (translation keys, imported JSON, filters) become
 * property names. These segments reach an object's prototype instead of an
 * own property (`obj['__proto__']`, `obj.constructor.prototype`), so no key
 * may contain them, in any position.
 */
export const FORBIDDEN_KEY_SEGMENTS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** The first forbidden segment of a dotted key, or null when the key is safe. */
export function forbiddenSegment(key: string, separator = '.'): string | null {
  for (const part of key.split(separator)) if (FORBIDDEN_KEY_SEGMENTS.includes(part.trim())) return part.trim();
  return null;
}

export const FORBIDDEN_KEY_MESSAGE = 'Keys may not contain the segments __proto__, constructor or prototype';
