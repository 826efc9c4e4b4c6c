import { badRequest } from '../http/http-error';

/**
 * What an `If-Match` header asks of a write: the version each record must
 * still have. A record's entity tag is its version (`"7"`); a bulk write
 * lists one tag per record as `"<id>:<version>"`, and a single write may too.
 * `*` asks only that the record exists (as any write does). No header: no
 * precondition (API clients that send none keep last-write-wins).
 */
export interface Preconditions {
  /** The version a record must have, or undefined when the header says nothing of it. */
  versionOf(id: string): number | undefined;
  /** Whether the header names versions at all (`*` and no header do not). */
  readonly given: boolean;
}

const NONE: Preconditions = { versionOf: () => undefined, given: false };

/** A version is a positive whole number, as the database counts it. */
const VERSION = /^[1-9]\d{0,9}$/;
const ID_AND_VERSION = /^([0-9a-fA-F-]{36}):([1-9]\d{0,9})$/;

/** Parses `If-Match` for a write to `ids` (one id: a bare version applies to it). A tag it cannot read is a 400. */
export function preconditionsOf(header: string | string[] | undefined, ids: readonly string[]): Preconditions {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.trim() === '' || text.trim() === '*') return NONE;
  const byId = new Map<string, number>();
  let bare: number | undefined;
  for (const part of text.split(',')) {
    const tag = part.trim();
    // Weak tags (W/"...") never match for If-Match (strong comparison): a 412, as for any other stale tag.
    const quoted = /^(W\/)?"([^"]*)"$/.exec(tag);
    if (!quoted) throw badRequest('If-Match is a list of quoted entity tags, such as "7".', { 'If-Match': 'Not an entity tag' });
    if (quoted[1]) {
      bare = 0;
      continue;
    }
    const value = quoted[2];
    const both = ID_AND_VERSION.exec(value);
    if (both) byId.set(both[1].toLowerCase(), Number(both[2]));
    else if (VERSION.test(value) && ids.length === 1) bare = Number(value);
    else throw badRequest(`If-Match ${tag} names no version of these records.`, { 'If-Match': 'Not a version of these records' });
  }
  return {
    given: true,
    // A record the header does not name fails the precondition (version 0 never matches).
    versionOf: (id) => byId.get(id.toLowerCase()) ?? (ids.length === 1 ? bare : undefined) ?? 0,
  };
}
