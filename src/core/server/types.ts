import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { FileStorage } from './storage/file-storage';

export type Access = 'public' | 'self' | 'rbac';

/** Who is making the request, once the session is checked. */
export interface AuthContext {
  userId: string;
  /** The session; with an API token, the token's id (it matches no session). */
  sessionId: string;
  /** The API token the request came with (null: a session): the audit trail names it. */
  token: { id: string; name: string } | null;
  name: string;
  email: string;
  superadmin: boolean;
  /**
   * On a resource's routes: the fields and records the caller's roles allow
   * (access rules); null when they allow everything.
   */
  access: import('./access/access').Access | null;
  /** Some role of the caller has access rules (for any resource): records of other resources it shows are limited too. */
  hasRules: boolean;
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Uploaded files: local disk or S3. */
  storage: FileStorage;
  /** Signs new tokens and verifies them. */
  jwtSecret: import('./security/jwt').SessionKey;
  /** JWT_SECRET_PREVIOUS: still verifies tokens signed before a rotation. */
  jwtSecretPrevious?: import('./security/jwt').SessionKey;
  /** Verifies Google ID tokens; tests inject their own key set. */
  googleKeys?: import('jose').JWTVerifyGetKey;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call: anyone, any signed-in user, or RBAC (default). */
    access?: Access;
    /**
     * RBAC checks this other route's permission record (same method) instead
     * of one of its own: a list's CSV export is allowed exactly when the list is.
     */
    rbacRoute?: string;
    /**
     * With `rbacRoute`: that route's record of this method instead of the
     * request's own (a key's history is read exactly when translations may be saved).
     */
    rbacMethod?: string;
    /**
     * Open to a session that must set up two-factor sign-in first (a role
     * requires it): the set-up routes, the profile read, sign-out.
     */
    twoFactorSetup?: boolean;
    /** The declared resource the route serves: its access rules (fields, records) come with the session check. */
    resource?: string;
    /**
     * Whether an API token may call the route: on RBAC routes unless false,
     * on 'self' routes only when true (src/core/server/security/api-token-rules.ts).
     */
    apiTokens?: boolean;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** The parts GET /api/ready checks; each part registers its own check. */
    readiness: import('./ops/readiness').Readiness;
    /** Prometheus metrics (GET /metrics); parts add gauges. */
    metrics: import('./ops/metrics').Metrics;
    /** Compiles every route schema now rather than at its first use (app-parts/lazy-schemas.ts). */
    compileSchemas: () => void;
  }
}
