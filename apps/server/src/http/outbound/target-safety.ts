import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv4-compatible IPv6 addresses (`::a.b.c.d`, `::7f00:1`, deprecated by RFC 4291) and `::`, `::1`: never a
 * webhook's receiver. Node's own parser reads them, so every spelling is caught: ipaddr.js reads `::a.b.c.d`
 * as IPv4-mapped, and the URL parser writes the same address as `::7f00:1`.
 */
const IPV4_COMPATIBLE = new BlockList();
IPV4_COMPATIBLE.addSubnet('::', 96, 'ipv6');

/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 one carries, which is where a connection to it ends: IPv4-mapped
 * (`::ffff:a.b.c.d`, in any spelling), NAT64 (`64:ff9b::/96`) and 6to4 (`2002:aabb:ccdd::/48`).
 */
function carriedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const bytes = ip.toByteArray();
  if (ip.match(NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (ip.range() === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * Where a webhook may be sent: https, to public addresses only. Loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT and other special ranges are refused,
 * at registration and again at every delivery's connect (a name may resolve elsewhere later). An IPv6
 * address that carries an IPv4 one is judged by the IPv4 address. An operator may allow http
 * and private addresses (WEBHOOK_ALLOW_PRIVATE) for a receiver on their own network.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  // Not an address, or one with a zone (`fe80::1%eth0`): only a link's own addresses have one.
  if (family !== 6 || address.includes('%')) return false;
  if (IPV4_COMPATIBLE.check(address, 'ipv6')) return false;
  const ip = ipaddr.IPv6.parse(address);
  const carried = carriedIPv4(ip);
  return (carried ?? ip).range() === 'unicast';
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
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
    return 'The address must be on the public internet, not a private, loopback or link-local address';
  return null;
}

/** Resolves a name and refuses it when any of its addresses is not public (unless allowed). */
export async function resolvesPublicly(hostname: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
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
