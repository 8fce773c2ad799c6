import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

// A push endpoint is a URL the browser chose, sent to us by a signed-in user: the server must
// not be usable to POST into its own network. Every push service (FCM, Mozilla, Apple, WNS) is
// on the public internet, so the sender's connections resolve names to public addresses only,
// at connect time (no window for a DNS answer to change between a check and the request).

const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
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
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // IPv4-compatible (deprecated; `::a.b.c.d`), with the unspecified and loopback addresses.
  ['::', 96],
  // Ranges that carry an IPv4 address inside (NAT64, 6to4, Teredo) could lead to a private
  // one; no push service sits behind them, so they are refused whole.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  // Discard-only and documentation ranges.
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/**
 * Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses, and IPv6
 * ranges that embed an IPv4 address (IPv4-mapped ones are checked by the address inside).
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

export class PrivateEndpointError extends Error {
  readonly code = 'EPUSHPRIVATE';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that answers only public addresses. */
export function publicLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0)
      return callback(new PrivateEndpointError(`${hostname} resolves to a private address`), '');
    if (options.all) return callback(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
}

/** An agent whose connections reach public addresses only (names and address literals alike). */
class PublicAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts & { host?: string }, callback?: unknown) {
    const host = (options.host ?? '').replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host)) {
      // Address literals skip the lookup: refuse them here, as a failed connection.
      const socket = new net.Socket();
      process.nextTick(() => socket.destroy(new PrivateEndpointError(`${host} is a private address`)));
      return socket;
    }
    // biome-ignore lint/suspicious/noExplicitAny: Node's Agent.createConnection is untyped here
    return (https.Agent.prototype as any).createConnection.call(this, options, callback);
  }
}

/** The agent push requests use unless a test supplies its own. */
export const publicAgent = new PublicAgent({ keepAlive: true, lookup: publicLookup as never });
