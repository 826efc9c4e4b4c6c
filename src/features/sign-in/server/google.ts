import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { googleSignIn } from '../contract';
import { perAddress } from '../../../core/server/security/rate-limits';
import { googleKeySet, verifyGoogleIdToken } from './google-verify';
import { firstStep } from '../../two-factor/server/sign-in-step';
import { clientOf } from '../../../core/server/http/client-of';
import { auditedSignIn } from '../../../core/server/audit/sign-in';
import { usersT } from '../../../core/server/db/tables';
import { auditActorOf } from '../../../core/server/audit/record';
import { registerWithInvite } from '../../invites/server/register';
import { badRequest, HttpError, unauthorized } from '../../../core/server/http/http-error';

/** Google sign-in: match by Google `sub`, else by verified e-mail. */
export async function googleRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.deps;
  const db = () => app.deps.database.db;

  app.post(
    '/api/auth/google',
    { config: { access: 'public', rateLimit: perAddress(config.authRateLimit) }, schema: googleSignIn },
    async (req, reply) => {
      if (!config.googleClientId) throw badRequest('Google sign-in is not configured.');
      const id = await verifyGoogleIdToken(req.body.credential, config.googleClientId, app.deps.googleKeys ?? googleKeySet());
      if (!id) throw unauthorized('Google sign-in could not be verified.');
      let [user] = await db().select().from(usersT).where(eq(usersT.googleSub, id.sub));
      if (!user) {
        [user] = await db().select().from(usersT).where(eq(usersT.email, id.email));
        if (user && user.googleSub && user.googleSub !== id.sub) throw unauthorized('Google sign-in could not be verified.');
        if (user) await db().update(usersT).set({ googleSub: id.sub }).where(eq(usersT.id, user.id));
      }
      if (!user && req.body.invite) {
        // A new person with an invite: registered unconfirmed, awaiting approval.
        await registerWithInvite(
          db(),
          { token: req.body.invite, name: id.name, email: id.email, googleSub: id.sub },
          { storage: app.deps.storage, actor: auditActorOf(req) },
        );
        return reply.status(202).send({ ok: true as const, message: 'Registration submitted. Awaiting approval.' });
      }
      if (!user) {
        throw new HttpError(403, 'No account exists for this Google account. Ask an administrator for an invite.');
      }
      return auditedSignIn(db(), req, user, () => firstStep(db(), app.deps.jwtSecret, config.sessionTtl, user, clientOf(req)));
    },
  );
}
