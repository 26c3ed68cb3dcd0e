import { isIP } from 'node:net';

/** An IPv4 client of a dual-stack socket shows as `::ffff:a.b.c.d`: its plain IPv4 address. */
export function unmappedAddress(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}

export interface AddressRange {
  address: string;
  family: 4 | 6;
  /** the CIDR prefix length; absent for a single address */
  prefix?: number;
}

/** An address or CIDR range as a setting writes it (`10.0.0.2`, `10.1.0.0/16`, `fd00::/8`); undefined when it is neither. */
export function parseAddressRange(entry: string): AddressRange | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || rest.length > 0) return undefined;
  if (prefix === undefined) return { address, family };
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return undefined;
  return { address, family, prefix: bits };
}
