// Tokens travel in some URLs (reset links, invite links, invite checks);
// logs keep the shape of the URL but never the token.
const PATH_TOKENS = /(\/reset-password\/|\/invites\/validate\/)[^/?#]+/g;
// `code` and `state`: an OpenID Provider's redirect back (src/features/oidc/).
const QUERY_TOKENS = /([?&](?:token|invite|resetToken|code|state|session_state)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(PATH_TOKENS, '$1[redacted]').replace(QUERY_TOKENS, '$1[redacted]');
}
