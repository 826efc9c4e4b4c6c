import { and, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { notificationsT } from '../../../core/server/db/tables';
import { escapeLike } from '../../../core/server/crud/query';
import { NEW_REGISTRATION_TITLE, registrationLink } from './notify-approvers';

/**
 * A registration was approved or rejected: its 'New registration'
 * notifications are done, for every approver, not left unread. Run
 * inside the decision's transaction, so they go read with it or not at all.
 * Notifications made before they named their invite are found by the
 * registrant's e-mail in their text.
 */
export async function markRegistrationDone(tx: Db, inviteId: string, email: string | null): Promise<void> {
  const byLink = eq(notificationsT.link, registrationLink(inviteId));
  const byEmail = email ? like(notificationsT.body, `%<${escapeLike(email)}>%`) : undefined;
  await tx
    .update(notificationsT)
    .set({ readAt: sql`now()` })
    .where(and(eq(notificationsT.title, NEW_REGISTRATION_TITLE), isNull(notificationsT.readAt), byEmail ? or(byLink, byEmail) : byLink));
}
