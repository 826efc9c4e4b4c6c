import { createServer } from 'node:net';
import { listenError } from './listen-error';

/**
 * Fails fast when the port is taken, before the database is opened and
 * migrated for nothing. `listen` still reports a port taken in between.
 */
export async function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (err) => reject(listenError(err, host, port)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
