import { describe, expect, it } from 'vitest';
import { NETWORKS, isNetwork } from './networks';

describe('isNetwork', () => {
  it('accepts exactly the supported networks', () => {
    expect(NETWORKS).toEqual(['btc', 'erc20', 'trc20']);
    for (const network of NETWORKS) expect(isNetwork(network)).toBe(true);
  });

  it('refuses everything else, including near misses and non-strings', () => {
    for (const value of ['', 'BTC', 'eth', 'ERC20', 'trc20 ', 'trx', 'bep20', null, undefined, 0, {}, ['btc']]) {
      expect(isNetwork(value)).toBe(false);
    }
  });
});
