// Tokens travel in some URLs (reset links, invite links, invite checks);
// logs keep the shape of the URL but never the token.
const PATH_TOKENS = /(\/reset-password\/|\/invites\/validate\/)[^/?#]+/g;
// `code` and `state`: an OpenID Provider's redirect back (src/features/oidc/).
const QUERY_TOKENS = /([?&](?:token|invite|resetToken|access_token|code|state|session_state)=)[^&#]*/gi;
// An API token sent in the address (refused with a 400) is not written down either, under any name.
const API_TOKENS = /bo_[A-Za-z0-9_-]+/g;

export function redactUrl(url: string): string {
  return url.replace(PATH_TOKENS, '$1[redacted]').replace(QUERY_TOKENS, '$1[redacted]').replace(API_TOKENS, 'bo_[redacted]');
}
