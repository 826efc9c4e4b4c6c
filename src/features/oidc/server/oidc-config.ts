/** Sign-in with any OpenID Provider (OIDC_* settings); absent when OIDC_ISSUER is unset. */
export interface OidcConfig {
  /** The provider's issuer URL, exactly as its discovery document and ID tokens name it. */
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only, no client authentication). */
  clientSecret?: string;
  /** Space-separated, always with `openid`. */
  scopes: string;
  /** The button's text; unset: the product's own ("Sign in with SSO", translated). */
  buttonLabel?: string;
  /** Lower-case e-mail domains whose people get an account at their first sign-in. */
  allowedDomains: string[];
  /** The ID token claim listing the person's groups (OIDC_ROLES_CLAIM). */
  rolesClaim?: string;
  /** Claim value -> role name (OIDC_ROLE_MAP); set: the mapped roles' links follow the provider at each sign-in. */
  roleMap?: Record<string, string>;
  /** OIDC_TRUST_AMR: a multi-factor `amr` from the provider stands for the product's code step. */
  trustAmr: boolean;
}

export class OidcConfigError extends Error {}

const OIDC_SETTINGS = [
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_SCOPES',
  'OIDC_BUTTON_LABEL',
  'OIDC_ALLOWED_DOMAINS',
  'OIDC_ROLES_CLAIM',
  'OIDC_ROLE_MAP',
  'OIDC_TRUST_AMR',
];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The issuer: https, or http on this machine only (a provider under test). */
function issuerOf(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OidcConfigError('OIDC_ISSUER is not a valid URL');
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && LOOPBACK.has(u.hostname)))
    throw new OidcConfigError('OIDC_ISSUER must start with https:// (http:// only on localhost)');
  if (u.search || u.hash) throw new OidcConfigError('OIDC_ISSUER may not have a query or a fragment');
  return raw;
}

/** `admins=Admin,editors=Editor`: claim value = role name. */
function roleMapOf(raw: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const part of raw.split(',')) {
    if (!part.trim()) continue;
    const at = part.indexOf('=');
    const value = at > 0 ? part.slice(0, at).trim() : '';
    const role = at > 0 ? part.slice(at + 1).trim() : '';
    if (!value || !role) throw new OidcConfigError(`OIDC_ROLE_MAP must be claim=Role pairs separated by commas, got "${part.trim()}"`);
    map[value] = role;
  }
  if (!Object.keys(map).length) throw new OidcConfigError('OIDC_ROLE_MAP names no claim=Role pair');
  return map;
}

function trustAmrOf(raw: string | undefined): boolean {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw new OidcConfigError(`OIDC_TRUST_AMR must be 1 or 0, got "${raw}"`);
}

/** Reads the OIDC_* settings; throws OidcConfigError with a one-line reason. */
export function loadOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) {
    const stray = OIDC_SETTINGS.find((n) => env[n]);
    if (stray) throw new OidcConfigError(`${stray} is set but OIDC_ISSUER is not: set OIDC_ISSUER to enable OpenID Connect sign-in`);
    return undefined;
  }
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new OidcConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  const scopes = (env.OIDC_SCOPES?.trim() || 'openid email profile').split(/\s+/);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  const allowedDomains = (env.OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  for (const d of allowedDomains)
    if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(d)) throw new OidcConfigError(`OIDC_ALLOWED_DOMAINS has "${d}", which is not a domain`);
  const rolesClaim = env.OIDC_ROLES_CLAIM?.trim() || undefined;
  const roleMap = env.OIDC_ROLE_MAP?.trim() ? roleMapOf(env.OIDC_ROLE_MAP) : undefined;
  if (roleMap && !rolesClaim) throw new OidcConfigError('OIDC_ROLE_MAP needs OIDC_ROLES_CLAIM (the claim that lists the groups)');
  return {
    issuer: issuerOf(issuer),
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    scopes: [...new Set(scopes)].join(' '),
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim() || undefined,
    allowedDomains,
    rolesClaim,
    roleMap,
    trustAmr: trustAmrOf(env.OIDC_TRUST_AMR),
  };
}
