import { BlockList, isIP } from 'node:net';
import { parseAddressRange, unmappedAddress } from '../../lib/ip-address';

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
      const range = parseAddressRange(entry);
      if (!range) throw new Error(`not an address or a range: ${entry}`);
      const type = range.family === 4 ? 'ipv4' : 'ipv6';
      if (range.prefix === undefined) allowed.addAddress(range.address, type);
      else allowed.addSubnet(range.address, range.prefix, type);
    }
    return new AddressAllowList(allowed);
  }

  allows(address: string): boolean {
    if (!this.allowed) return true;
    const plain = unmappedAddress(address);
    const family = isIP(plain);
    if (family === 0) return false;
    return this.allowed.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}
