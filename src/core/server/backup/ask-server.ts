import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { BackupError } from './backup-error';
import { controlSocketPath } from './control-socket';

/**
 * Asks the server running on `dataDir` for a backup over its control socket
 * (see control-socket.ts); resolves to the archive as it streams in.
 */
export function askServerForBackup(dataDir: string, pid: number): Promise<Readable> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode === 200) return resolve(res);
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString('utf8')));
      res.on('end', () => reject(new BackupError(`the server (pid ${pid}) could not take the backup: ${text.trim()}`)));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          `the server (pid ${pid}) runs on DATA_DIR ${dataDir} but does not answer on ${socketPath} (${err.code ?? err.message}); see its log`,
        ),
      ),
    );
    req.end();
  });
}
