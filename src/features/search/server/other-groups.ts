import { and, asc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { foldSearchText } from '../../../core/shared/search-fold';
import type { Db } from '../../../core/server/db/client';
import { clientPermissionsT, roleClientPermissionsT, userRolesT } from '../../../core/server/db/tables';
import { escapeLike } from '../../../core/server/crud/query';
import { ADMIN_BASE } from '../../../core/shared/record-path';
import { resourceByName } from '../../../../resources/set';
import { searchEntries } from '../../translations/server/search';
import { HIDDEN_MENU } from '../../../core/shared/menu';
import { MENU_GROUP, TRANSLATIONS_GROUP, type SearchGroup } from '../contract';
import { matchIn } from '../match';

/**
 * The screens of the caller's menu (the entries their roles hold; all for a
 * superadmin; never the hidden ones) whose name or path holds `q`: the two
 * fields the menu entries' search indexes serve.
 */
export async function menuGroup(db: Db, q: string, limit: number, userId: string | null): Promise<SearchGroup> {
  const pattern = `%${escapeLike(foldSearchText(q))}%`;
  const like = (col: AnyColumn) => sql`search_fold(${col}) LIKE ${pattern}`;
  const held = userId
    ? inArray(
        clientPermissionsT.id,
        db
          .select({ id: roleClientPermissionsT.targetId })
          .from(roleClientPermissionsT)
          .innerJoin(userRolesT, eq(userRolesT.role, roleClientPermissionsT.ownerId))
          .where(eq(userRolesT.user, userId)),
      )
    : undefined;
  // A literal, not a parameter: the partial index of shown entries (migration 0026_search_fold_ascii) has this predicate.
  const shown = sql`${clientPermissionsT.menu} <> ${sql.raw(`'${HIDDEN_MENU}'`)}`;
  const where = and(held, shown, or(like(clientPermissionsT.name), like(clientPermissionsT.path)));
  // The count in the same statement: the order below reads every match anyway, so counting them costs nothing
  // more, where a statement of its own cost a round trip and a connection of every search.
  const rows = await db
    .select({
      id: clientPermissionsT.id,
      name: clientPermissionsT.name,
      path: clientPermissionsT.path,
      n: sql<number>`count(*) OVER ()::int`,
    })
    .from(clientPermissionsT)
    .where(where)
    // `+ 0`: ordered after matching, not by walking the menu_order index and testing every entry (which the
    // planner picks under LIMIT when it misjudges how few entries a term matches: seconds at 100,000 entries).
    .orderBy(sql`${clientPermissionsT.menu_order} + 0`, asc(clientPermissionsT.name))
    .limit(limit);
  return {
    resource: MENU_GROUP,
    total: rows[0]?.n ?? 0,
    exact: true,
    path: `${ADMIN_BASE}/`,
    items: rows.map((c) => ({
      id: String(c.id),
      label: String(c.name),
      path: `${ADMIN_BASE}${String(c.path)}`,
      match: matchIn('name', String(c.name), q) ?? matchIn('path', String(c.path), q),
    })),
  };
}

/** Interface texts whose key or text holds `q`, in every language; each opens the translations screen at that key. */
export async function translationsGroup(db: Db, q: string, limit: number): Promise<SearchGroup> {
  const screen = resourceByName(TRANSLATIONS_GROUP).path;
  const { found, total } = await searchEntries(db, q, limit);
  return {
    resource: TRANSLATIONS_GROUP,
    total,
    exact: true,
    path: `${ADMIN_BASE}${screen}?${new URLSearchParams({ q })}`,
    items: found.map((e) => ({
      id: `${e.language}:${e.key}`,
      label: `${e.key} (${e.language})`,
      path: `${ADMIN_BASE}${screen}?${new URLSearchParams({ lang: e.language, q: e.key })}`,
      match: matchIn('key', e.key, q) ?? matchIn('value', e.value, q),
    })),
  };
}
