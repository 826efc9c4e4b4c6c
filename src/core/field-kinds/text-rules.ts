/**
 * The plain rules of the e-mail and password kinds, in a module of their own: the public site checks its forms
 * with them without loading the kinds' API schemas (TypeBox, 12 kB gzipped on the public home).
 */

/** A simple {something}@{something}.{something} pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A password's least length unless its field declares another. */
export const PASSWORD_MIN = 6;

/** A password's greatest length: argon2 hashes any length, but a request body stays small. */
export const PASSWORD_MAX = 200;
