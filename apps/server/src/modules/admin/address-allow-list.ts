import { BlockList, isIP } from 'node:net';

/**
 * The client addresses allowed to reach the operator API: a comma-separated list of addresses and
 * CIDR ranges, IPv4 or IPv6 (`ADMIN_ALLOWED_IPS`). No list: every address is allowed.
 */
export class AddressAllowList {
  private constructor(private readonly allowed: BlockList | undefined) {}

  static any(): AddressAllowList {
    return new AddressAllowList(undefined);
  }

  /** Throws naming the first entry that is neither an address nor a range. */
  static parse(list: string): AddressAllowList {
    const allowed = new BlockList();
    const entries = list.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    if (entries.length === 0) throw new Error('an allow-list names at least one address or range');
    for (const entry of entries) {
      const [address = '', prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      if (family === 0 || rest.length > 0) throw new Error(`not an address or a range: ${entry}`);
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (prefix === undefined) {
        allowed.addAddress(address, type);
        continue;
      }
      const bits = Number(prefix);
      if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`not an address or a range: ${entry}`);
      allowed.addSubnet(address, bits, type);
    }
    return new AddressAllowList(allowed);
  }

  allows(address: string): boolean {
    if (!this.allowed) return true;
    // an IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d: check it as IPv4
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    const family = isIP(plain);
    if (family === 0) return false;
    return this.allowed.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}
