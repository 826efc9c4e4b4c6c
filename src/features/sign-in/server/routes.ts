import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { firstStep } from '../../two-factor/server/sign-in-step';
import { clientOf } from '../../../core/server/http/client-of';
import { passwordResets, usersT } from '../../../core/server/db/tables';
import { badRequest, unauthorized } from '../../../core/server/http/http-error';
import { mailLang, resetMail } from '../../../core/server/mail/templates';
import { hashPassword, verifyPassword } from '../../../core/server/security/passwords';
import { hashToken, newToken } from '../../../core/server/security/random-token';
import { revokeSession, revokeUserSessions } from '../../../core/server/security/session-store';
import { signedIn } from '../../../core/server/http/signed-in';
import { perAccount, perAddress } from '../../../core/server/security/rate-limits';
import { auditedSignIn, recordFailedSignIn } from '../../../core/server/audit/sign-in';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { REDACTED } from '../../audit/contract';
import { inTransaction } from '../../../core/server/db/transaction';
import { EMAIL_FORMAT_MESSAGE } from '../../../core/server/http/messages';
import { EMAIL_PATTERN } from '../../../core/field-kinds/text-rules';

const RESET_TTL_MS = 60 * 60 * 1000;

export async function authRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.deps;
  const db = () => app.deps.database.db;
  // Per client address; sign-in and forgot-password also per target account (hashed e-mail).
  // The account limit adds to the address limit: varying the e-mail rotates nothing.
  const limited = { access: 'public' as const, rateLimit: perAddress(config.authRateLimit) };

  app.post(
    '/api/auth/login',
    { config: limited, preHandler: perAccount(server, 'login', config.authRateLimit), schema: contract.login },
    async (req) => {
      const email = req.body.email.trim().toLowerCase();
      const [user] = await db().select().from(usersT).where(eq(usersT.email, email));
      const ok = await verifyPassword(user?.passwordHash as string | undefined, req.body.password);
      if (!user || !ok) {
        await recordFailedSignIn(db(), req, email, user ? String(user.id) : null, 'invalid-credentials');
        throw unauthorized('Invalid email or password.');
      }
      return auditedSignIn(db(), req, user, () => firstStep(db(), app.deps.jwtSecret, config.sessionTtl, user, clientOf(req)));
    },
  );

  app.post('/api/auth/logout', { config: { access: 'self', twoFactorSetup: true }, schema: contract.logout }, async (req) => {
    const me = signedIn(req);
    await inTransaction(db(), async (tx) => {
      await revokeSession(tx, me.sessionId);
      await recordAudit(tx, auditActorOf(req), { action: 'sign-out', resource: 'users', recordId: me.userId });
    });
    return { ok: true as const };
  });

  app.post(
    '/api/auth/forgot-password',
    { config: limited, preHandler: perAccount(server, 'forgot-password', config.authRateLimit), schema: contract.forgotPassword },
    async (req) => {
      const email = req.body.email.trim().toLowerCase();
      if (!EMAIL_PATTERN.test(email)) {
        throw badRequest(EMAIL_FORMAT_MESSAGE, { email: EMAIL_FORMAT_MESSAGE });
      }
      const [user] = await db().select().from(usersT).where(eq(usersT.email, email));
      if (user && !user.blocked) {
        const { token, hash } = newToken();
        await db()
          .insert(passwordResets)
          .values({ userId: String(user.id), tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MS).toISOString() });
        const link = `${config.publicUrl}/admin/reset-password/${token}`;
        const lang = mailLang(req.body.lang, req.headers['accept-language']);
        await app.deps.mailer.queue(resetMail(lang, String(user.email), String(user.name), link));
      }
      // The same answer whether or not the address has an account.
      return { message: 'An email has been sent with further instructions.' };
    },
  );

  app.post('/api/auth/reset-password', { config: limited, schema: contract.resetPassword }, async (req) => {
    const passwordHash = await hashPassword(req.body.password);
    // One transaction: the link used, the password changed, the sessions ended and the audit entry.
    await inTransaction(db(), async (tx) => {
      // Consumed in one statement: two concurrent uses cannot both succeed.
      const [used] = await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(req.body.resetToken)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResets.userId });
      if (!used) throw badRequest('This password reset link is invalid or has expired. Please ask for a new one.');
      const [user] = await tx.update(usersT).set({ passwordHash }).where(eq(usersT.id, used.userId)).returning({ email: usersT.email });
      await tx
        .update(passwordResets)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
      await revokeUserSessions(tx, used.userId);
      await recordAudit(tx, auditActorOf(req, { id: used.userId, email: user ? String(user.email) : null }), {
        action: 'password-reset',
        resource: 'users',
        recordId: used.userId,
        diff: { password: { before: REDACTED, after: REDACTED } },
      });
    });
    return { message: 'Password reset successfully.' };
  });
}
