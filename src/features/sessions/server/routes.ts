import type { FastifyInstance } from 'fastify';
import * as contract from '../contract';
import { notFound } from '../../../core/server/http/http-error';
import { signedIn } from '../../../core/server/http/signed-in';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { lockRanks } from '../../../core/server/security/rank';
import { assertMayManageUser } from '../../../core/server/security/may-manage-user';
import { revokeUserSessions } from '../../../core/server/security/session-store';
import { endSession, liveSessions } from './live-sessions';

/** "Where you're signed in": one's own sessions, and a user's sessions for admins (rank rule). */
export async function sessionRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const self = { access: 'self' as const };
  // Programs never manage sessions: API tokens are refused here.
  const people = { apiTokens: false };

  app.get('/api/auth/sessions', { config: self, schema: contract.mySessions }, async (req) => {
    const me = signedIn(req);
    return { data: await liveSessions(db(), me.userId, me.sessionId) };
  });

  app.delete<{ Params: { id: string } }>('/api/auth/sessions/:id', { config: self, schema: contract.endMySession }, async (req) => {
    const me = signedIn(req);
    if (!(await endSession(db(), me.userId, req.params.id))) throw notFound('Session');
    return { ok: true as const, current: req.params.id === me.sessionId };
  });

  app.delete('/api/auth/sessions', { config: self, schema: contract.endMyOtherSessions }, async (req) => {
    const me = signedIn(req);
    return { ok: true as const, ended: await revokeUserSessions(db(), me.userId, me.sessionId) };
  });

  app.get<{ Params: { id: string } }>('/api/auth/users/:id/sessions', { config: people, schema: contract.userSessions }, async (req) => {
    await assertMayManageUser(db(), req, req.params.id);
    return { data: await liveSessions(db(), req.params.id, signedIn(req).sessionId) };
  });

  app.delete<{ Params: { id: string } }>(
    '/api/auth/users/:id/sessions',
    { config: people, schema: contract.endUserSessions },
    async (req) =>
      db().transaction(async (tx) => {
        await lockRanks(tx);
        await assertMayManageUser(tx, req, req.params.id);
        // The caller's own session stays when they end their own others.
        const ended = await revokeUserSessions(tx, req.params.id, signedIn(req).sessionId);
        if (ended)
          await recordAudit(tx, auditActorOf(req), {
            action: 'sessions-end',
            resource: 'users',
            recordId: req.params.id,
            diff: { sessions: { before: ended, after: 0 } },
          });
        return { ok: true as const, ended };
      }),
  );
}
