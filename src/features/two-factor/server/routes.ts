import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { signIn } from '../../sign-in/server/login-response';
import { usersT, userTwoFactor } from '../../../core/server/db/tables';
import type { Db } from '../../../core/server/db/client';
import { clientOf } from '../../../core/server/http/client-of';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../../core/server/http/http-error';
import { signedIn } from '../../../core/server/http/signed-in';
import { actorOf } from '../../../core/server/security/actor';
import { auditActorOf, recordAudit } from '../../../core/server/audit/record';
import { verifyPassword } from '../../../core/server/security/passwords';
import { assertMayActOn, lockRanks } from '../../../core/server/security/rank';
import { perAddress } from '../../../core/server/security/rate-limits';
import { revokeUserSessions } from '../../../core/server/security/session-store';
import { replaceRecoveryCodes, unusedRecoveryCodes, useRecoveryCode } from './recovery-codes';
import { roleRequiresTwoFactor } from './requirement';
import { loadTwoFactorKey, openSecret, sealSecret } from './secret-box';
import { acceptCode, removeTwoFactor, twoFactorOf } from './state';
import { countFailure, consumeTicket, ticketUser } from './tickets';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp';

const WRONG_CODE = 'The code is not right. Check your authenticator app and try again.';
const OWN_RESET = 'Turn off your own two-factor sign-in on your profile, with your password and a code.';
const TICKET_GONE = 'This sign-in has expired. Please sign in again.';
const ON = { twoFactor: { before: false, after: true } };
const OFF = { twoFactor: { before: true, after: false } };

/**
 * The audit actor of the code step: nobody is signed in yet, so the e-mail is
 * the ticket's user's. The actor id is theirs once the code proved it is them
 * (`id`), none while it has not (as a failed sign-in).
 */
async function ticketActor(db: Db, req: FastifyRequest, id: string | null, userId: string = id ?? '') {
  const [user] = await db.select({ email: usersT.email }).from(usersT).where(eq(usersT.id, userId));
  return auditActorOf(req, { id, email: user ? String(user.email) : null });
}

/** Two-factor sign-in (TOTP, RFC 6238): set-up, the code step of sign-in, turning it off, an admin's reset. */
export async function twoFactorRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.deps;
  const db = () => app.deps.database.db;
  const key = await loadTwoFactorKey(db());
  // Open to a session that must set up two-factor sign-in before anything else.
  const setup = { access: 'self' as const, twoFactorSetup: true };

  app.get('/api/auth/2fa', { config: setup, schema: contract.twoFactorStatus }, async (req) => {
    const { userId } = signedIn(req);
    const row = await twoFactorOf(db(), userId);
    return {
      enabled: Boolean(row?.enabled),
      required: await roleRequiresTwoFactor(db(), userId),
      recoveryCodesLeft: row?.enabled ? await unusedRecoveryCodes(db(), userId) : 0,
    };
  });

  app.post('/api/auth/2fa/setup', { config: setup, schema: contract.twoFactorSetup }, async (req) => {
    const me = signedIn(req);
    if ((await twoFactorOf(db(), me.userId))?.enabled) throw conflict('Two-factor sign-in is already on.');
    const secret = newTotpSecret();
    const pending = { pendingSecret: sealSecret(key, me.userId, secret), pendingCreatedAt: new Date().toISOString() };
    await db()
      .insert(userTwoFactor)
      .values({ userId: me.userId, ...pending })
      .onConflictDoUpdate({ target: userTwoFactor.userId, set: pending });
    const url = otpauthUrl(secret, me.email);
    // Our own library's drawing of our own URL; the admin still shows it as an <img>, never as markup.
    // Loaded with the first enrolment, not at start: most servers draw a code now and then.
    const { default: QRCode } = await import('qrcode');
    const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl: url, qrSvg };
  });

  app.post('/api/auth/2fa/enable', { config: setup, schema: contract.twoFactorEnable }, async (req) => {
    const { userId } = signedIn(req);
    const row = await twoFactorOf(db(), userId);
    if (row?.enabled) throw conflict('Two-factor sign-in is already on.');
    const pending = openSecret(key, userId, row?.pendingSecret ?? null);
    if (!pending) throw conflict('Start the set-up first.');
    const step = matchingStep(pending, req.body.code);
    if (step === null) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
    const recoveryCodes = await db().transaction(async (tx) => {
      await tx
        .update(userTwoFactor)
        .set({
          enabled: true,
          secret: row?.pendingSecret ?? null,
          pendingSecret: null,
          pendingCreatedAt: null,
          enabledAt: new Date().toISOString(),
          lastStep: step,
        })
        .where(eq(userTwoFactor.userId, userId));
      const codes = await replaceRecoveryCodes(tx, userId);
      // The fact only: never the secret or the codes.
      await recordAudit(tx, auditActorOf(req), { action: 'two-factor-enable', resource: 'users', recordId: userId, diff: ON });
      return codes;
    });
    return { recoveryCodes };
  });

  app.post('/api/auth/2fa/disable', { config: { access: 'self' }, schema: contract.twoFactorDisable }, async (req) => {
    const { userId } = signedIn(req);
    if (!(await twoFactorOf(db(), userId))?.enabled) throw conflict('Two-factor sign-in is not on.');
    const [user] = await db().select({ passwordHash: usersT.passwordHash }).from(usersT).where(eq(usersT.id, userId));
    const wrongPassword = 'The password is not right.';
    if (!(await verifyPassword(user?.passwordHash as string | null | undefined, req.body.password)))
      throw badRequest(wrongPassword, { password: wrongPassword });
    if (await roleRequiresTwoFactor(db(), userId)) throw forbidden('A role of yours requires two-factor sign-in: it cannot be turned off.');
    if (!(await acceptCode(db(), key, userId, req.body.code))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
    await db().transaction(async (tx) => {
      await removeTwoFactor(tx, userId);
      await recordAudit(tx, auditActorOf(req), { action: 'two-factor-disable', resource: 'users', recordId: userId, diff: OFF });
    });
    return { ok: true as const };
  });

  // Per address (the route config) and per account: the ticket's user, whichever ticket or address is used.
  const perUser = app.createRateLimit({
    max: config.authRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `2fa-verify:${ticketUsers.get(req) ?? '-'}`,
  });
  const ticketUsers = new WeakMap<FastifyRequest, string>();

  app.post(
    '/api/auth/2fa/verify',
    { config: { access: 'public', rateLimit: perAddress(config.authRateLimit) }, schema: contract.twoFactorVerify },
    async (req, reply) => {
      const { ticket, code, recoveryCode } = req.body;
      if ((code === undefined) === (recoveryCode === undefined)) {
        const message = 'Enter the code from your authenticator app or a recovery code.';
        throw badRequest(message, { code: message });
      }
      const userId = await ticketUser(db(), ticket);
      if (!userId) throw unauthorized(TICKET_GONE);
      ticketUsers.set(req, userId);
      const limit = await perUser(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        throw new HttpError(429, 'Too many attempts. Please wait a minute and try again.');
      }
      const method = code !== undefined ? 'code' : 'recovery-code';
      const ok =
        code !== undefined
          ? await acceptCode(db(), key, userId, code)
          : // The code's claim and its audit entry commit together.
            await db().transaction(async (tx) => {
              const used = await useRecoveryCode(tx, userId, recoveryCode ?? '');
              if (used)
                await recordAudit(tx, await ticketActor(tx, req, userId), {
                  action: 'recovery-code-use',
                  resource: 'users',
                  recordId: userId,
                  diff: { recoveryCodesLeft: { after: await unusedRecoveryCodes(tx, userId) } },
                });
              return used;
            });
      if (!ok) {
        await db().transaction(async (tx) => {
          await countFailure(tx, ticket);
          // Which kind of code was refused, never what was typed.
          await recordAudit(tx, await ticketActor(tx, req, null, userId), {
            action: 'two-factor-failed',
            resource: 'users',
            recordId: userId,
            diff: { method: { after: method } },
          });
        });
        throw unauthorized(code !== undefined ? WRONG_CODE : 'That recovery code is not right, or was used already.');
      }
      if (!(await consumeTicket(db(), ticket))) throw unauthorized(TICKET_GONE);
      const [user] = await db().select().from(usersT).where(eq(usersT.id, userId));
      if (!user) throw unauthorized(TICKET_GONE);
      return signIn(db(), app.deps.jwtSecret, config.sessionTtl, user, clientOf(req));
    },
  );

  /**
   * The target must exist and rank below the caller. Not oneself: turning one's own second factor off takes the
   * password and a code (the disable route), which a stolen session does not have.
   */
  async function mayReset(tx: Db, req: FastifyRequest, userId: string): Promise<void> {
    const [user] = await tx.select({ id: usersT.id }).from(usersT).where(eq(usersT.id, userId));
    if (!user) throw notFound('User');
    if (userId === signedIn(req).userId) throw forbidden(OWN_RESET);
    await assertMayActOn(tx, actorOf(req), userId, 'change');
  }

  app.delete<{ Params: { id: string } }>(
    '/api/auth/users/:id/2fa',
    { config: { apiTokens: false }, schema: contract.resetUserTwoFactor },
    async (req) =>
      db().transaction(async (tx) => {
        await lockRanks(tx);
        await mayReset(tx, req, req.params.id);
        await removeTwoFactor(tx, req.params.id);
        await recordAudit(tx, auditActorOf(req), { action: 'two-factor-reset', resource: 'users', recordId: req.params.id, diff: OFF });
        // Whoever had their second factor (a lost phone) is signed out everywhere; the caller keeps their own session.
        await revokeUserSessions(tx, req.params.id, signedIn(req).sessionId);
        return { ok: true as const };
      }),
  );
}
