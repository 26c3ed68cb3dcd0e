import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { parseAddressRange } from '../lib/ip-address';

/**
 * Which peers may tell the server a client's address through `X-Forwarded-For`: nobody, the
 * nearest `hops` proxies, or the proxies at the listed addresses. Never everybody: a client that
 * may name its own address escapes every per-address limit.
 */
export type TrustProxy = { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** The address families proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `off`, a hop count (1 or more), or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (['off', 'false', '0', ''].includes(value)) return { kind: 'off' };
  if (['on', 'true', 'yes'].includes(value)) {
    return { problem: 'trusting every proxy lets any client choose its address: name the hop count (e.g. 1) or the proxies’ addresses' };
  }
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const addresses = value.split(',').map((entry) => entry.trim());
  const invalid = addresses.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) return { problem: `not an address or CIDR range: ${invalid.join(', ')}` };
  return { kind: 'addresses', addresses };
}

function isAddressOrRange(entry: string): boolean {
  return NAMED_RANGES.has(entry) || parseAddressRange(entry) !== undefined;
}

/**
 * The setting as Fastify's `trustProxy`. A hop count trusts the `hops` nearest peers whatever their
 * address (Fastify's own numeric form trusts none), so the client's address is the hop just before
 * them: what a client writes into `X-Forwarded-For` itself lies further away and is never read.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  switch (setting.kind) {
    case 'off':
      return false;
    case 'hops':
      return (_address, hop) => hop < setting.hops;
    case 'addresses':
      return setting.addresses;
  }
}

/**
 * The client's address of a request Fastify does not route (a websocket upgrade), by the same
 * trust as Fastify's `request.ip`.
 */
export function clientAddressOf(request: IncomingMessage, setting: TrustProxy): string {
  const trust = fastifyTrustProxy(setting);
  if (trust === false) return request.socket.remoteAddress ?? '';
  return proxyAddr(request, Array.isArray(trust) ? proxyAddr.compile(trust) : trust);
}
