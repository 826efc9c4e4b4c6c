import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { notificationsT, permissionsT, rolePermissionsT, rolesT, userRolesT, usersT } from '../../../core/server/db/tables';
import { tableOf } from '../../../core/server/db/resource-tables';
import { accessOfUser } from '../../../core/server/access/route-access';
import { mayRead } from '../../../core/server/access/access';
import { readableSql } from '../../../core/server/access/condition-sql';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import { resourceByName } from '../../../../resources/set';

export const NEW_REGISTRATION_TITLE = 'New registration awaiting approval';

/** The link of a registration's notification: the invites screen, naming the invite (so a decision can find it). */
export const registrationLink = (inviteId: string) => `/admin/invites?invite=${inviteId}`;

export const APPROVE_ROUTE = '/api/auth/invites/:id/approve';

export interface Registrant {
  id: string;
  name: string;
  email: string;
}

/** Every user who may approve invites (superadmins and holders of the approve permission), confirmed and not blocked. */
function approversOf(db: Db) {
  return db
    .select({ id: userRolesT.user, superadmin: sql<boolean>`bool_or(${rolesT.type} = 'superadmin')` })
    .from(userRolesT)
    .innerJoin(rolesT, eq(rolesT.id, userRolesT.role))
    .innerJoin(usersT, eq(usersT.id, userRolesT.user))
    .where(
      and(
        eq(usersT.confirmed, true),
        eq(usersT.blocked, false),
        or(
          eq(rolesT.type, 'superadmin'),
          inArray(
            userRolesT.role,
            db
              .select({ id: rolePermissionsT.ownerId })
              .from(rolePermissionsT)
              .innerJoin(permissionsT, eq(permissionsT.id, rolePermissionsT.targetId))
              .where(and(eq(permissionsT.method, 'POST'), eq(permissionsT.route, APPROVE_ROUTE))),
          ),
        ),
      ),
    )
    .groupBy(userRolesT.user);
}

/**
 * The notification's text names the registrant only as far as the approver's
 * access rules on users let them read the new account: its name and e-mail
 * each when that field is readable, neither when the record is outside their
 * conditions. The text is stored, so what it holds is decided here, when it
 * is written (and a rule given later does not reach back into it).
 */
async function bodyFor(db: Db, approverId: string, who: Registrant): Promise<string> {
  const users = resourceByName('users');
  const access = await accessOfUser(db, approverId, 'GET', users.api, ruleResourceOf(users));
  let inside = true;
  const condition = readableSql(users, access);
  if (condition) {
    const t = tableOf(users);
    inside =
      (
        await db
          .select({ one: sql`1` })
          .from(t)
          .where(and(eq(t.id, who.id), condition))
      ).length > 0;
  }
  const name = inside && mayRead(access, 'name') ? who.name : '';
  const email = inside && mayRead(access, 'email') ? `<${who.email}>` : '';
  const named = [name, email].filter(Boolean).join(' ');
  return `${named || 'Someone'} registered with an invite.`;
}

/** Tells every approver of a new registration, in the registration's transaction. */
export async function notifyApprovers(db: Db, who: Registrant, inviteId: string): Promise<void> {
  const approvers = await approversOf(db);
  if (!approvers.length) return;
  const unrestricted = `${who.name} <${who.email}> registered with an invite.`;
  const rows = [];
  for (const a of approvers) {
    rows.push({
      user: a.id,
      title: NEW_REGISTRATION_TITLE,
      body: a.superadmin ? unrestricted : await bodyFor(db, a.id, who),
      link: registrationLink(inviteId),
    });
  }
  await db.insert(notificationsT).values(rows);
}
