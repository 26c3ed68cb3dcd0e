import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../src/modules/auth/client-address';

describe('the key a client address is counted under', () => {
  it('is the IPv4 address itself, also when mapped into IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 network of an IPv6 address, however it is written', () => {
    expect(clientAddressKey('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('2001:0DB8:0000:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
