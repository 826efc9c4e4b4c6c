import { StartupError } from './startup-error';

/** Turns a failed `listen` into the sentence an operator needs. */
export function listenError(err: unknown, host: string, port: number): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new StartupError(`Port ${port} on ${host} is already in use; stop the other server or set PORT`);
  if (code === 'EACCES') return new StartupError(`Not allowed to listen on port ${port} on ${host}; choose a port above 1023 with PORT`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new StartupError(`HOST ${host} is not an address of this machine (${code})`);
  return err as Error;
}
