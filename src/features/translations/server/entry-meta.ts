import { createHash } from 'node:crypto';
import { referenceTextOf } from '../plurals';
import type { Entries } from './flatten';

/**
 * What is known of one key of a language (the `entry_meta` column):
 * `at`, when its text last changed; `ref`, in a translation, a hash of the
 * reference text it was last saved against. "Changed in the reference since
 * this entry was last saved" is `ref` differing from the hash of today's
 * reference text (so a reference edited and then restored is not flagged).
 */
export interface KeyMeta {
  at?: string;
  ref?: string;
}
export type EntryMeta = Record<string, KeyMeta>;

export const textHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

const bare = (): EntryMeta => Object.create(null) as EntryMeta;

/** A stored value read defensively: only own, well-formed keys. */
export function readMeta(raw: unknown): EntryMeta {
  const out = bare();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!v || typeof v !== 'object') continue;
    const m = v as Record<string, unknown>;
    out[k] = {
      ...(typeof m.at === 'string' ? { at: m.at } : {}),
      ...(typeof m.ref === 'string' ? { ref: m.ref } : {}),
    };
  }
  return out;
}

/** Whether the reference text of `key` changed since the translation's entry was saved. */
export function isChanged(meta: EntryMeta, reference: Entries | null, key: string): boolean {
  const seen = Object.hasOwn(meta, key) ? meta[key].ref : undefined;
  if (!seen || !reference) return false;
  const text = referenceTextOf(reference, key);
  return text !== undefined && textHash(text) !== seen;
}

/**
 * The meta of a translation after a save: entries whose text changed (or
 * that the translator marked as reviewed) were saved against today's
 * reference text; unchanged ones keep theirs (or, never recorded, take
 * today's); removed keys go.
 */
export function translationMeta(args: {
  before: Entries;
  after: Entries;
  meta: EntryMeta;
  reference: Entries | null;
  reviewed: ReadonlySet<string>;
  now: string;
}): EntryMeta {
  const { before, after, meta, reference, reviewed, now } = args;
  const out = bare();
  for (const [key, value] of Object.entries(after)) {
    const old = Object.hasOwn(meta, key) ? meta[key] : {};
    const changed = !Object.hasOwn(before, key) || before[key] !== value;
    const text = reference ? referenceTextOf(reference, key) : undefined;
    const ref = text === undefined ? undefined : changed || reviewed.has(key) || !old.ref ? textHash(text) : old.ref;
    const at = changed ? now : old.at;
    out[key] = { ...(at ? { at } : {}), ...(ref ? { ref } : {}) };
  }
  return out;
}

/** The reference language's meta after a save: `at` moves for the keys whose text changed. */
export function referenceMeta(before: Entries, after: Entries, meta: EntryMeta, now: string): EntryMeta {
  const out = bare();
  for (const [key, value] of Object.entries(after)) {
    const changed = !Object.hasOwn(before, key) || before[key] !== value;
    const at = changed ? now : Object.hasOwn(meta, key) ? meta[key].at : undefined;
    out[key] = at ? { at } : {};
  }
  return out;
}

/**
 * Before the reference changes, a translation's entries that never recorded
 * what they were saved against are taken to match the reference as it was
 * (shipped texts, entries saved before this existed), so the change flags
 * them. Returns null when nothing needed recording.
 */
export function baselineMeta(entries: Entries, meta: EntryMeta, oldReference: Entries): EntryMeta | null {
  let touched = false;
  const out = bare();
  for (const key of Object.keys(entries)) {
    const old = Object.hasOwn(meta, key) ? meta[key] : {};
    const text = referenceTextOf(oldReference, key);
    if (!old.ref && text !== undefined) {
      out[key] = { ...old, ref: textHash(text) };
      touched = true;
    } else out[key] = old;
  }
  return touched ? out : null;
}
