import type { OidcErrorReason } from '../reasons';
import { OIDC_MESSAGES } from './refusal';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a browser gets for a refused callback: the 4xx status, and a page that
 * opens the login page at once with the reason in the fragment (the login
 * page says it in the person's language); the text here is for a browser
 * that does not follow the refresh.
 */
export function refusalPage(reason: OidcErrorReason, loginPath: string): string {
  const target = `${loginPath}#oidc_error=${encodeURIComponent(reason)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0;url=${escapeHtml(target)}">
<title>Sign-in failed</title></head>
<body><p>${escapeHtml(OIDC_MESSAGES[reason])}</p>
<p lang="el">Η σύνδεση δεν ολοκληρώθηκε.</p>
<p><a href="${escapeHtml(target)}">Back to sign-in / Πίσω στη σύνδεση</a></p></body></html>
`;
}
