// The compiled server: src/core/server/main.ts and everything it imports from this
// repository bundled by esbuild into dist/server/main.js (plain ESM JavaScript
// that `node` runs), and the backup commands (src/core/server/backup/cli.ts) into
// dist/server/backup.js; packages stay imports from node_modules, so a production
// install (`npm ci --omit=dev`) has what it needs. Migrations are copied
// beside it, where the database code looks for them.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'server'));

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/core/server/main.ts'), backup: path.join(root, 'src/core/server/backup/cli.ts') },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // import.meta.url must stay the bundle's own: paths are found from it (src/core/server/app-root.ts).
});
cpSync(path.join(root, 'src/core/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
