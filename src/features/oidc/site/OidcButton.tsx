import { oidcStartUrl } from '../links';

/**
 * The light login page's provider button: a plain link (a full navigation
 * to the API's start, which redirects to the provider).
 */
export function OidcButton({ label, invite, next }: { label: string; invite?: string; next: string | null }) {
  return (
    <a className="button button-ghost button-block login-oidc" href={oidcStartUrl(invite, next)} data-testid="oidc-sign-in">
      {label}
    </a>
  );
}
