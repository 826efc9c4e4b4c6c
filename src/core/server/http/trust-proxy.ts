import type { Config } from '../config';

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many
 * addresses from the socket outwards (the socket's peer first), as Express
 * does: Fastify 5 itself now treats a number as "trust nothing". A hop count
 * is only right when the server cannot be reached except through those
 * proxies; a list of proxy addresses is safer.
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
