import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { usersT } from '../db/tables';
import { notFound } from '../http/http-error';
import { signedIn } from '../http/signed-in';
import { actorOf } from './actor';
import { assertMayActOn } from './rank';

/**
 * Before reading or ending what belongs to another user (their sessions,
 * their API tokens): the user must exist (404) and the caller rank above
 * them (403, the rank rule); one's own are always one's to see.
 */
export async function assertMayManageUser(tx: Db, req: FastifyRequest, userId: string): Promise<void> {
  const [user] = await tx.select({ id: usersT.id }).from(usersT).where(eq(usersT.id, userId));
  if (!user) throw notFound('User');
  if (userId !== signedIn(req).userId) await assertMayActOn(tx, actorOf(req), userId, 'change');
}
