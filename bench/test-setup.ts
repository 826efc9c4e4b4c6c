// What one API test file spends before its first test: a fresh database
// (migrated and seeded by the server) against a copy of the run's template
// (tests/api/template.ts), alternated three times in one process so both see
// the same machine. Usage: npx tsx bench/test-setup.ts [with DATABASE_URL for PostgreSQL]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/core/server/app';
import { loadConfig } from '../src/core/server/config';
import { openDatabase } from '../src/core/server/db/client';
import { baseEnv, createTemplate, databaseUrlFor, onServer, waitUntilUnused } from '../tests/api/template';

async function start(kind: 'fresh' | 'clone', tpl: Awaited<ReturnType<typeof createTemplate>>['template']) {
  const t0 = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bh-'));
  let url: string | undefined;
  let name = '';
  if (process.env.DATABASE_URL) {
    name = `t_${randomUUID().replace(/-/g, '')}`;
    const from = kind === 'clone' && tpl.kind === 'postgres' ? ` TEMPLATE ${tpl.database}` : '';
    await onServer((c) => c.query(`CREATE DATABASE ${name}${from}`));
    url = databaseUrlFor(name);
  }
  const loadDataDir = !url && kind === 'clone' && tpl.kind === 'pglite' ? new Blob([readFileSync(tpl.file)]) : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir, inMemory: !url, loadDataDir });
  const app = await buildApp(
    { ...loadConfig({ ...baseEnv(dataDir), ...(url ? { DATABASE_URL: url } : {}) }), inMemoryDb: !url },
    { logger: false, database },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'admin-pass-123' },
  });
  if (res.statusCode !== 200) throw new Error('login');
  const ms = Date.now() - t0;
  await app.close();
  await database.close();
  if (name)
    await onServer(async (c) => {
      await waitUntilUnused(c, name);
      await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
    });
  rmSync(dataDir, { recursive: true, force: true });
  return ms;
}
const { template, remove } = await createTemplate();
const r: Record<string, number[]> = { fresh: [], clone: [] };
for (let i = 0; i < 3; i++) for (const k of ['fresh', 'clone'] as const) r[k].push(await start(k, template));
await remove();
console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: start to signed-in admin, ms`, JSON.stringify(r));
process.exit(0);
