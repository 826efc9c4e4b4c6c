import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { GRACE_MS } from '../startup/graceful-stop';
import { packBackup } from './archive';
import { STAGING_PREFIX, stageBackup, type BackupSource, type StagedBackup } from './stage';

/** Longest path a Unix socket can have on Linux (sun_path less its NUL). */
const MAX_SOCKET_PATH = 107;

/**
 * The backup command's way into a running server on an embedded database:
 * `DATA_DIR/run/control.sock`, a Unix socket in a folder only this user can
 * enter (0700). Whoever can connect can already read `DATA_DIR/db` itself,
 * so the socket grants nothing new; no network address ever serves it.
 */
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, 'run', 'control.sock');

/**
 * Serves `POST /backup` on the control socket: a consistent backup archive
 * (database and uploads, see stageBackup), streamed. One backup at a time.
 * Returns the function that closes the socket; undefined when none could
 * be opened (the reason is logged; the server runs on without it).
 */
export async function openControlSocket(src: BackupSource, log: FastifyBaseLogger): Promise<(() => Promise<void>) | undefined> {
  const socketPath = controlSocketPath(src.dataDir);
  if (process.platform === 'win32' || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'no control socket (path too long for a Unix socket): `npm run backup` cannot reach this server');
    return undefined;
  }
  try {
    return await listenOn(socketPath, src, log);
  } catch (err) {
    log.warn({ err, socketPath }, 'no control socket: `npm run backup` cannot reach this server');
    return undefined;
  }
}

async function listenOn(socketPath: string, src: BackupSource, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  // This process holds the DATA_DIR lock: staging folders left here are a stopped run's.
  for (const name of await readdir(src.dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(src.dataDir, name), { recursive: true, force: true });
  }
  const runDir = path.dirname(socketPath);
  await mkdir(runDir, { recursive: true, mode: 0o700 });
  await chmod(runDir, 0o700);
  await rm(socketPath, { force: true });

  let busy = false;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('The control socket answers POST /backup only.\n');
      return;
    }
    if (busy) {
      res.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is being taken already; try again when it ends.\n');
      return;
    }
    busy = true;
    const started = Date.now();
    let staged: StagedBackup | undefined;
    try {
      staged = await stageBackup(src);
      res.writeHead(200, { 'content-type': 'application/gzip' });
      await pipeline(packBackup(staged), res);
      log.info({ ...staged.manifest.uploads, databaseBytes: staged.manifest.database.bytes, ms: Date.now() - started }, 'backup taken');
    } catch (err) {
      log.error({ err }, 'backup failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`);
      else res.destroy();
    } finally {
      busy = false;
      if (staged) await rm(staged.dir, { recursive: true, force: true });
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return async () => {
    // A backup being streamed gets the same grace as HTTP requests; its staging folder goes next start.
    const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearTimeout(cut);
    await rm(socketPath, { force: true });
  };
}
