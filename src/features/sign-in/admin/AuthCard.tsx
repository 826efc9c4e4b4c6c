import type { ReactNode } from 'react';
import { Box, Card, CardContent, createTheme, ThemeProvider, Typography } from '@mui/material';
import { LocalesMenuButton } from 'react-admin';
import { darkTheme } from '../../../core/admin/theme/themes';

/** The sign-in screen's look (src/features/sign-in/site/login.css, the public site's dark theme), drawn with MUI. */
const signInTheme = createTheme(darkTheme);

/**
 * The frame of the sign-in screens inside MUI (the login-only shell, the
 * admin's password pages): the same design as the product's sign-in page
 * (one sign-in design everywhere): the site's dark page, one
 * centered 400 px panel, title and language switch on one line.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ThemeProvider theme={signInTheme}>
      <Box
        component="main"
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: '#0b1020',
          color: '#e8ecf8',
          p: 2,
          boxSizing: 'border-box',
        }}
      >
        <Card
          variant="outlined"
          sx={{ width: 400, maxWidth: '100%', bgcolor: '#121933', backgroundImage: 'none', borderColor: '#ffffff26', borderRadius: '14px' }}
        >
          <CardContent sx={{ px: 2.5, py: 3 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1.5, mb: 2 }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {title}
              </Typography>
              <LocalesMenuButton />
            </Box>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}
