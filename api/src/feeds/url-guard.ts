/**
 * Feed URLs are typed in by shop staff and fetched by the API from inside the service's network,
 * so a URL must not reach the service itself or its neighbours (loopback, private, link-local and
 * cloud metadata addresses, ...). The check runs on the address actually connected to (the
 * socket's DNS lookup), so a host name that resolves to a public address when checked and to a
 * private one when connected cannot slip through, and it runs again for every redirect hop.
 *
 * FEED_ALLOW_PRIVATE_HOSTS=1 lifts the check (a feed served on the developer's own machine).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Addresses a feed may never be fetched from (IANA special-purpose registries, v4 and v6). */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/**
 * True when a feed may be fetched from this IP address. IPv4-mapped IPv6 addresses
 * (::ffff:127.0.0.1, ::ffff:7f00:1) meet the IPv4 rules: BlockList maps them itself.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class BlockedAddressError extends Error {
  readonly code = 'EFEEDBLOCKED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `The feed URL points to a private or local address (${host} is ${address}); feeds are fetched only from public addresses`,
    );
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses non-public addresses: every address the name
 * resolves to must be public (a name with one private address among public ones is refused).
 */
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const list = addresses as LookupAddress[];
    const blocked = list.find((entry) => !isPublicAddress(entry.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address) as NodeJS.ErrnoException, '');
    if ((options as LookupAllOptions).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}

/** Whether private addresses are allowed (FEED_ALLOW_PRIVATE_HOSTS=1). */
export function privateHostsAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FEED_ALLOW_PRIVATE_HOSTS === '1';
}
