import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.ts';
import { appDefines } from './build/defines.ts';
import { lightFaces } from './build/light-faces.ts';

export default defineConfig({
  plugins: [lightFaces(), react(), precompress()],
  define: appDefines(),
  resolve: {
    // ra-i18n-i18next ships its own older i18next; one copy keeps the admin
    // bundle smaller and lets the http backend/detector plugins match it.
    // ra-input-rich-text's lock pins a nested @tiptap/core 3.31 while its
    // extensions want 3.34 (missing export at build); one root copy of core
    // and pm (ProseMirror) is also what tiptap needs at run time.
    dedupe: ['i18next', 'react', 'react-dom', 'react-router', 'react-router-dom', '@tiptap/core', '@tiptap/pm'],
  },
  build: {
    // The compiled server goes beside it in dist/server (scripts/build-server.mjs), out of the web root.
    outDir: 'dist/web',
    // bench/bundle.mjs walks the manifest to measure what each face loads.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    // Two shells: the SPA, and the login-only shell in Greek (/kiosk-login.html).
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        kiosk: fileURLToPath(new URL('./kiosk-login.html', import.meta.url)),
      },
      // The field kinds' shared parts and the contract's small helpers go in
      // one chunk the admin's first load fetches whole, rather than in five
      // tiny ones split by who imports what (each split costs its own import
      // and export glue): 0.7 kB less to load. Only those modules, never
      // their imports, so nothing moves into the public site's bundle.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'field-kinds',
              test: /src[\\/]core[\\/](field-kinds[\\/](index|kind|[^/\\]+[\\/]shared)|shared[\\/]api[\\/](operation|paging))\.ts$/,
            },
            // The entry, the kiosk, the light login and the admin each import some of these: one chunk for
            // all, not a chunk per set of importers (jwt-decode's was 0.7 kB more of every first load).
            { name: 'session', test: /src[\\/]core[\\/]web[\\/](session|flash|tokenExpiry)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    // The API server on :3000 (npx tsx src/core/server/main.ts). LOCAL_LOCALES=1
    // serves the translation files from public/ instead of the server.
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      ...(process.env.LOCAL_LOCALES === '1' ? {} : { '/locales': 'http://localhost:3000' }),
    },
  },
});
