import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhooksConfig } from '../../../core/server/config';

/**
 * Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE is set:
 * this host, private networks, link-local (cloud metadata at 169.254.169.254
 * and fd00:ec2::254), carrier-grade NAT, multicast and reserved ranges.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** An IPv4 address written inside an IPv6 one (`::ffff:127.0.0.1`), else undefined. */
function embeddedV4(address: string): string | undefined {
  const m = /^(?:::ffff:|::ffff:0:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m?.[1];
}

/** Whether an IP address is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = embeddedV4(plain);
  if (v4) return isPrivateAddress(v4);
  const family = isIP(plain);
  if (family === 4) return blocked.check(plain, 'ipv4');
  if (family === 6) return blocked.check(plain, 'ipv6');
  return true;
}

/** Why a URL may not receive webhooks, in a sentence; undefined when it may. */
export class UnsafeUrl extends Error {}

/** Host names that are this machine or a cloud's metadata service, whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|localdomain|internal|local)$/i;

/** How long a save-time lookup may take: a name that does not answer yet is checked again at send time. */
const LOOKUP_MS = 3000;

async function addressesOf(host: string): Promise<string[]> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('DNS timeout')), LOOKUP_MS).unref());
  const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  return found.map((a) => a.address);
}

/**
 * Checks an endpoint URL when it is saved: https (http with
 * WEBHOOKS_ALLOW_HTTP), no credentials in it, and a host that is not (and
 * does not resolve to) a private address unless WEBHOOKS_ALLOW_PRIVATE.
 * Throws UnsafeUrl with the reason. A name that does not resolve now is
 * accepted: the send-time check (`safeLookup`) decides then.
 */
export async function checkEndpointUrl(raw: string, cfg: WebhooksConfig): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrl('The URL is not valid.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && cfg.allowHttp))
    throw new UnsafeUrl(cfg.allowHttp ? 'The URL must start with https:// or http://.' : 'The URL must start with https://.');
  if (url.username || url.password) throw new UnsafeUrl('The URL may not hold a user name or password.');
  if (url.hash) throw new UnsafeUrl('The URL may not have a #fragment.');
  if (cfg.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new UnsafeUrl('The URL points at a private, loopback or link-local address.');
    return url;
  }
  if (LOCAL_NAME.test(host.replace(/\.$/, ''))) throw new UnsafeUrl('The URL points at this machine or an internal name.');
  let addresses: string[] = [];
  try {
    addresses = await addressesOf(host);
  } catch {
    return url;
  }
  if (addresses.some(isPrivateAddress)) throw new UnsafeUrl('The URL’s host resolves to a private, loopback or link-local address.');
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A `lookup` for the HTTP request: resolves the name and refuses it when any
 * address is private (unless allowed), so the connection goes to the address
 * that was checked (a name that changes its answer between check and connect
 * -- DNS rebinding -- gains nothing).
 */
export function safeLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname, { all: true, verbatim: true }).then(
      (found) => {
        const bad = !allowPrivate && found.find((a) => isPrivateAddress(a.address));
        if (bad || !found.length) {
          const err = Object.assign(new Error(`refused: ${hostname} resolves to a private address (${bad ? bad.address : 'none'})`), {
            code: 'EWEBHOOKPRIVATE',
          });
          callback(err, '', 0);
          return;
        }
        if (options.all) callback(null, found);
        else callback(null, found[0].address, found[0].family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
