// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from '../../src/core/server/startup/env-file';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('.env', () => {
  it('fills unset variables from the file; set ones keep their value', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bo-env-'));
    writeFileSync(path.join(dir, '.env'), '# comment\nPORT=4000\nMAIL_FROM="Shop <shop@example.com>"\nLOG_LEVEL=debug\n');
    const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'warn' };
    expect(loadEnvFile(env, dir).sort()).toEqual(['MAIL_FROM', 'PORT']);
    expect(env).toEqual({ PORT: '4000', MAIL_FROM: 'Shop <shop@example.com>', LOG_LEVEL: 'warn' });
  });

  it('is optional', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bo-env-'));
    const env: NodeJS.ProcessEnv = {};
    expect(loadEnvFile(env, dir)).toEqual([]);
    expect(env).toEqual({});
  });
});
