/** A request body: the fields a form sends, each in its API shape. */
export type Body = Record<string, unknown>;

/** One field of a conflict: its value when the form opened, the user's, and the record's now. */
export interface ConflictRow {
  field: string;
  mine: unknown;
  theirs: unknown;
  /** The user changed it in the form. */
  byMe: boolean;
  /** Someone else changed it since the form opened. */
  byThem: boolean;
}

/** Values compare as their JSON: a list or a ref's id equal in content is the same value. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of a refused save (412) worth showing: each one the user changed
 * or someone else changed, with both values. `base` is the record as the form
 * opened, `theirs` as it is now, both in the body's shape.
 */
export function conflictRows(mine: Body, base: Body, theirs: Body): ConflictRow[] {
  return Object.keys(mine).flatMap((field) => {
    const byMe = !same(mine[field], base[field]);
    const byThem = !same(theirs[field], base[field]);
    return byMe || byThem ? [{ field, mine: mine[field], theirs: theirs[field], byMe, byThem }] : [];
  });
}

/**
 * "Keep my changes, take theirs for the rest": the user's value for each
 * field they changed, the record's current value for every other one (a
 * field the current record has no value for is left out).
 */
export function mergedBody(mine: Body, base: Body, theirs: Body): Body {
  const out: Body = {};
  for (const field of Object.keys(mine)) {
    const value = same(mine[field], base[field]) ? theirs[field] : mine[field];
    if (value !== undefined) out[field] = value;
  }
  return out;
}
