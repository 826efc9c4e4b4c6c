import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { installOpenapiTools, openapiTools } from '../../../../tests/api/openapi-tools';
import { call, createUser } from '../../../../tests/api/helpers';

// A program's view of the API: a client generated from the served OpenAPI
// document (openapi-typescript), type-checked, then run (openapi-fetch)
// against the server over HTTP with an API token.
let h: Harness;
let dir: string;
let base: string;
beforeAll(async () => {
  installOpenapiTools();
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dir = mkdtempSync(path.join(tmpdir(), 'bo-client-'));
  // The client's imports resolve from the tools folder.
  symlinkSync(path.join(openapiTools, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}, 300_000);
afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './api';

const client = createClient<paths>({ baseUrl: process.env.BASE, headers: { authorization: \`Bearer \${process.env.TOKEN}\` } });

async function main(): Promise<void> {
  const { data, error, response } = await client.GET('/api/auth/users', { params: { query: { q: process.env.Q, limit: 10 } } });
  if (error) throw new Error(\`\${response.status} \${error.error}\`);
  // Typed from the document: a wrong field name here fails the type check.
  const names: string[] = data.data.map((u) => \`\${u.name} <\${u.email}>\`);
  const refused = await client.POST('/api/auth/tokens', { body: { name: 'from a token' } });
  console.log(JSON.stringify({ total: data.total, names, refused: refused.response.status }));
}
void main();
`;

test('the OpenAPI document names the token scheme, and a generated client lists users with a token', async () => {
  const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(doc.paths['/api/auth/users'].get.security).toEqual([{ bearer: [] }, { apiToken: [] }]);
  expect(doc.paths['/api/auth/tokens'].post.security).toEqual([{ bearer: [] }]);
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));

  const node = (script: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, ...env } });
  const generated = node(path.join(openapiTools, 'node_modules/openapi-typescript/bin/cli.js'), ['openapi.json', '-o', 'api.ts']);
  expect(generated.status, generated.stderr).toBe(0);
  writeFileSync(path.join(dir, 'client.ts'), CLIENT);
  const tsc = node(path.join(openapiTools, 'node_modules/typescript/bin/tsc'), [
    ...['--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
    ...['--skipLibCheck', '--types', 'node', '--typeRoots', path.resolve('node_modules/@types'), 'client.ts'],
  ]);
  expect(tsc.status, tsc.stdout).toBe(0);

  const admin = await createUser(h, { role: 'Admin', name: 'Script Owner' });
  await createUser(h, { name: 'Eleni Georgiou', email: 'eleni.georgiou@example.com' });
  const session = await h.login(admin.email, admin.password);
  const token = (await call(h, 'POST', '/api/auth/tokens', { token: session, body: { name: 'generated client' } })).json().token;
  // Run without blocking this process: the server answering the client lives here.
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  const run = await promisify(execFile)(process.execPath, [tsx, 'client.ts'], {
    cwd: dir,
    env: { ...process.env, BASE: base, TOKEN: token, Q: 'eleni' },
  });
  expect(JSON.parse(run.stdout.trim())).toEqual({ total: 1, names: ['Eleni Georgiou <eleni.georgiou@example.com>'], refused: 403 });
}, 120_000);
