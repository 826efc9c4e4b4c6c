import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import * as contract from '../contract';
import { clientPermissionsT, roleClientPermissionsT, userRolesT, usersT } from '../../../core/server/db/tables';
import { escapeLike } from '../../../core/server/crud/query';
import { badRequest, HttpError } from '../../../core/server/http/http-error';
import { preconditionsOf } from '../../../core/server/crud/preconditions';
import { signedIn } from '../../../core/server/http/signed-in';
import { auditActorOf } from '../../../core/server/audit/record';
import { updateRecord } from '../../../core/server/crud/repository';
import { resourceByName } from '../../../../resources/set';
import { pageCount, pageOffset } from '../../../core/shared/api/paging';
import { PASSWORD_MIN_MESSAGE } from '../../../core/server/http/messages';
import { PASSWORD_MIN } from '../../../core/field-kinds/text-rules';

/** What a signed-in user reads and changes about themself. */
export async function meRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const self = { access: 'self' as const };

  app.get('/api/auth/user-categories', { config: self, schema: contract.userCategories }, async (req) => {
    const { page, limit } = req.query;
    const conds = [];
    if (!signedIn(req).superadmin) {
      const mine = db()
        .select({ id: roleClientPermissionsT.targetId })
        .from(roleClientPermissionsT)
        .innerJoin(userRolesT, eq(userRolesT.role, roleClientPermissionsT.ownerId))
        .where(eq(userRolesT.user, signedIn(req).userId));
      conds.push(inArray(clientPermissionsT.id, mine));
    }
    const q = req.query.q?.trim();
    const search = q
      ? or(ilike(clientPermissionsT.name, `%${escapeLike(q)}%`), ilike(clientPermissionsT.path, `%${escapeLike(q)}%`))
      : undefined;
    if (search) conds.push(search);
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db()
        .select()
        .from(clientPermissionsT)
        .where(where)
        .orderBy(asc(clientPermissionsT.menu_order), asc(clientPermissionsT.name))
        .limit(limit)
        .offset(pageOffset(page, limit)),
      db().select({ n: count() }).from(clientPermissionsT).where(where),
    ]);
    return {
      data: rows.map((c) => ({
        _id: c.id,
        name: c.name,
        path: c.path,
        menu: c.menu,
        menu_order: c.menu_order,
        description: c.description,
        auth: true,
      })),
      total: n,
      page,
      pages: pageCount(n, limit),
    };
  });

  const profileOf = async (userId: string) => {
    const [u] = await db().select().from(usersT).where(eq(usersT.id, userId));
    return {
      _version: u.rowVersion,
      name: u.name,
      email: u.email,
      address: u.address ?? '',
      phone: u.phone ?? '',
      bio: u.bio ?? '',
      image: u.image ?? null,
    };
  };

  app.get('/api/auth/my-profile', { config: { ...self, twoFactorSetup: true, apiTokens: true }, schema: contract.myProfile }, async (req) =>
    profileOf(signedIn(req).userId),
  );

  // The same write as the users resource's generic update (normalization, required fields, the password's hash,
  // the session rule, the audit entry, the old picture's clean-up), limited to what a person may change about
  // themself. Acting on oneself is not acting on a rank, so no rank guard.
  app.post('/api/auth/my-profile', { config: self, schema: contract.updateMyProfile }, async (req) => {
    const me = signedIn(req);
    const body: Record<string, unknown> = { ...req.body };
    // An empty password means "keep it", as in every form.
    if (body.password === '') delete body.password;
    if (typeof body.password === 'string' && body.password.length < PASSWORD_MIN) {
      throw badRequest(PASSWORD_MIN_MESSAGE, { password: PASSWORD_MIN_MESSAGE });
    }
    try {
      await updateRecord(db(), resourceByName('users'), me.userId, body, {
        storage: app.deps.storage,
        audit: { actor: auditActorOf(req), action: body.password ? 'password-change' : undefined },
        actingSession: me.sessionId,
        preconditions: preconditionsOf(req.headers['if-match'], [me.userId]),
      });
    } catch (err) {
      // Changed since the page read it (another tab, an admin): the profile as it is now.
      if (err instanceof HttpError && err.statusCode === 412)
        throw new HttpError(412, err.message, undefined, undefined, { current: await profileOf(me.userId) });
      throw err;
    }
    return profileOf(me.userId);
  });
}
