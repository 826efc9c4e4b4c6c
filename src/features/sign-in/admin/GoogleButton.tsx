import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { Box } from '@mui/material';
import { useLocaleState } from 'react-admin';

/** Google sign-in; the credential (ID token) goes to POST /api/auth/google. */
export function GoogleButton({
  clientId,
  onCredential,
  onError,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
  onError: () => void;
}) {
  const [locale] = useLocaleState();
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
        <GoogleLogin onSuccess={(r) => (r.credential ? onCredential(r.credential) : onError())} onError={onError} />
      </Box>
    </GoogleOAuthProvider>
  );
}
