/** Moves the item with id `from` to the place of the item with id `to` (drag and drop). */
export function moveById<T extends { id: string }>(list: readonly T[], from: string, to: string): T[] {
  const a = list.findIndex((x) => x.id === from);
  const b = list.findIndex((x) => x.id === to);
  if (a < 0 || b < 0 || a === b) return [...list];
  const next = [...list];
  const [item] = next.splice(a, 1);
  next.splice(b, 0, item);
  return next;
}

/** Moves an item one place earlier (-1) or later (+1): the keyboard way to reorder. */
export function moveBy<T extends { id: string }>(list: readonly T[], id: string, delta: -1 | 1): T[] {
  const a = list.findIndex((x) => x.id === id);
  const b = a + delta;
  if (a < 0 || b < 0 || b >= list.length) return [...list];
  return moveById(list, id, list[b].id);
}
