import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { installOpenapiTools, openapiTools as tools } from './openapi-tools';

let h: Harness;
let dir: string;
beforeAll(async () => {
  installOpenapiTools();
  h = await startHarness();
  dir = mkdtempSync(path.join(tmpdir(), 'bo-openapi-'));
}, 300_000);
afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the served OpenAPI document passes `redocly lint` with the recommended rules', async () => {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
  const r = spawnSync(
    process.execPath,
    [path.join(tools, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--extends=recommended', '--format=json', file],
    { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' } },
  );
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { problems: { ruleId: string; severity: string; message: string }[] };
  const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
  expect(errors).toEqual([]);
  expect(r.status).toBe(0);
}, 120_000);
