import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (decision 165): https, to public addresses only. Loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT and other special ranges are refused,
 * at registration and again at every delivery's connect (a name may resolve elsewhere later). An operator
 * may allow http and private addresses (WEBHOOK_ALLOW_PRIVATE) for a receiver on their own network.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** A reason the address may not receive webhooks, or null when it may. */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full address, such as https://example.com/hooks/hiu';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'The address must start with https://';
  if (url.username || url.password) return 'The address must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host))
    return 'The address must be on the public internet, not a private, loopback or link-local address';
  return null;
}

/** Resolves a name and refuses it when any of its addresses is not public (unless allowed). */
export async function resolvesPublicly(hostname: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `The name ${host} could not be found`;
  }
  const bad = addresses.find((a) => !isPublicAddress(a));
  return bad ? `${host} resolves to ${bad}, which is not a public address` : null;
}

/** A `lookup` for the delivery's socket: the address actually connected to is checked, not an earlier answer. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) {
        const refused = Object.assign(
          new Error(`${hostname} resolves to ${bad.address}, which is not a public address`),
          {
            code: 'ERR_WEBHOOK_TARGET',
          },
        );
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
