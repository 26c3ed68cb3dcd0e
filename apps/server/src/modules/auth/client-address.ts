import { isIPv6 } from 'node:net';
import { unmappedAddress } from '../../lib/ip-address';

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 and can
 * change addresses inside it at will, so it is counted by that network; IPv4 (also mapped into
 * IPv6) by the address itself.
 */
export function clientAddressKey(ip: string): string {
  const plain = unmappedAddress(ip);
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = (plain.split('%')[0] ?? '').toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
