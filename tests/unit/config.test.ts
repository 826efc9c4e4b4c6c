// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/core/server/config';
import { redactUrl } from '../../src/core/server/http/redact-url';

describe('configuration', () => {
  it('runs on a bare machine with the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      dbConnectTimeout: 30,
      dbStatementTimeout: 15,
      auditRetentionDays: 365,
      webhooks: { allowHttp: false, allowPrivate: false, logDays: 30, retryScale: 1 },
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer between 0 and 65535, got "abc"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres: or postgresql:'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 bytes long'],
    // 31 bytes: 'é' is two of them in UTF-8.
    [{ JWT_SECRET: 'é'.repeat(15) + 'x' }, 'JWT_SECRET must be at least 32 bytes long'],
    [{ JWT_SECRET_PREVIOUS: 'x'.repeat(31) }, 'JWT_SECRET_PREVIOUS must be at least 32 bytes long'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD must have at least 6 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL is not a valid URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL must name a host'],
    [{ DB_CONNECT_TIMEOUT: '-1' }, 'DB_CONNECT_TIMEOUT must be an integer between 0 and 3600, got "-1"'],
    [{ DB_STATEMENT_TIMEOUT: '1.5' }, 'DB_STATEMENT_TIMEOUT must be an integer between 0 and 86400, got "1.5"'],
    [{ WEBHOOK_RETRY_SCALE: '0' }, 'WEBHOOK_RETRY_SCALE must be a number above 0 and at most 1, got "0"'],
    [{ WEBHOOK_LOG_DAYS: '0' }, 'WEBHOOK_LOG_DAYS must be an integer between 1 and 36500, got "0"'],
    [{ WEBHOOKS_ALLOW_PRIVATE: 'yes' }, 'WEBHOOKS_ALLOW_PRIVATE must be 1 or 0, got "yes"'],
    [
      { TRUST_PROXY: 'maybe' },
      'TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges, got "maybe"',
    ],
  ])('stops on %o with a one-line reason', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a JWT secret of 32 bytes and a previous one being rotated out', () => {
    const c = loadConfig({ JWT_SECRET: 'a'.repeat(32), JWT_SECRET_PREVIOUS: 'b'.repeat(40) });
    expect(c.jwtSecret).toBe('a'.repeat(32));
    expect(c.jwtSecretPrevious).toBe('b'.repeat(40));
  });

  it.each([
    [{ MAIL_RETRY_SECONDS: '0' }, 'MAIL_RETRY_SECONDS must be an integer between 1 and 86400, got "0"'],
    [{ MAIL_MAX_ATTEMPTS: 'many' }, 'MAIL_MAX_ATTEMPTS must be an integer between 1 and 100, got "many"'],
    [{ AUDIT_RETENTION_DAYS: '0' }, 'AUDIT_RETENTION_DAYS must be an integer between 1 and 36500, got "0"'],
    [{ AUDIT_RETENTION_DAYS: 'a year' }, 'AUDIT_RETENTION_DAYS must be an integer between 1 and 36500, got "a year"'],
    [{ IMPORT_RETENTION_DAYS: '0' }, 'IMPORT_RETENTION_DAYS must be an integer between 1 and 36500, got "0"'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not: set S3_BUCKET to store uploads in S3'],
    [{ S3_BUCKET: 'Bad_Name' }, 'S3_BUCKET is not a valid bucket name, got "Bad_Name"'],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT must start with http: or https:'],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set'],
    [{ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set'],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be 1 or 0, got "yes"'],
    [{ S3_BUCKET: 'files', S3_REGION: 'eu west' }, 'S3_REGION is not a region name, got "eu west"'],
    [{ S3_BUCKET: 'files', S3_PUBLIC_URL: 'cdn.example.com' }, 'S3_PUBLIC_URL is not a valid URL'],
  ])('stops on S3 settings %o with a one-line reason naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('stores uploads locally unless S3_BUCKET is set; S3 defaults to us-east-1 and virtual-host style', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'files' }).s3).toEqual({
      bucket: 'files',
      region: 'us-east-1',
      forcePathStyle: false,
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      publicUrl: undefined,
    });
    expect(
      loadConfig({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: '1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PUBLIC_URL: 'https://cdn.example.com/files/',
      }).s3,
    ).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/files',
    });
  });

  it('drops a trailing slash of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://admin.example.com/' }).publicUrl).toBe('https://admin.example.com');
  });
});

describe('log URLs', () => {
  it('never carry tokens', () => {
    expect(redactUrl('/admin/reset-password/abc123?x=1')).toBe('/admin/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/auth/invites/validate/tok')).toBe('/api/auth/invites/validate/[redacted]');
    expect(redactUrl('/invite?token=secret&lang=el')).toBe('/invite?token=[redacted]&lang=el');
    expect(redactUrl('/admin/login?invite=secret')).toBe('/admin/login?invite=[redacted]');
    expect(redactUrl('/api/auth/users?page=2')).toBe('/api/auth/users?page=2');
  });
});

describe('.env.example', () => {
  it('lists every variable the configuration reads', () => {
    const source = readFileSync(path.resolve('src/core/server/config.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]));
    const example = readFileSync(path.resolve('.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});

describe('README', () => {
  it('has every variable of .env.example in its one table', () => {
    const example = readFileSync(path.resolve('.env.example'), 'utf8');
    const names = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const readme = readFileSync(path.resolve('README.md'), 'utf8');
    const inTable = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]));
    expect([...names].filter((n) => !inTable.has(n))).toEqual([]);
  });
});
