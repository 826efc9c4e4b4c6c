import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

/**
 * Google sign-in for the light login page; its own chunk, loaded only when
 * /api/config names a client id. The credential goes to POST /api/auth/google.
 */
export default function GoogleSignIn({
  clientId,
  locale,
  onCredential,
  onError,
}: {
  clientId: string;
  locale: string;
  onCredential: (credential: string) => void;
  onError: () => void;
}) {
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale}>
      <div className="login-google">
        <GoogleLogin onSuccess={(r) => (r.credential ? onCredential(r.credential) : onError())} onError={onError} />
      </div>
    </GoogleOAuthProvider>
  );
}
