import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import type { Network } from './networks';
import { detectNetwork, isValidAddress, isValidTxHash, normalizeTxHash, sameAddress, toChecksumAddress } from './validate';

const base58check = createBase58check(sha256);
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Segwit address built from parts, so tests can pair any version with any checksum. */
const segwit = (version: number, program: Uint8Array, coder = version === 0 ? bech32 : bech32m, prefix = 'bc') =>
  coder.encode(prefix, [version, ...coder.toWords(program)]);
const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);

/** Every single-character substitution of `address` that stays inside `alphabet`. */
function substitutions(address: string, alphabet: string, from = 0): string[] {
  const out: string[] = [];
  for (let i = from; i < address.length; i++) {
    const at = alphabet.indexOf(address.charAt(i));
    const replacement = alphabet.charAt((at + 1) % alphabet.length);
    out.push(address.slice(0, i) + replacement + address.slice(i + 1));
  }
  return out;
}

// Sources: BIP84 / BIP44 test-mnemonic vectors, BIP173 and BIP350 examples,
// the genesis coinbase address, Tether's TRON contract, the EIP-55 text.
const VALID: Record<Network, string[]> = {
  btc: [
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', // P2WPKH, BIP84 m/84'/0'/0'/0/0
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // P2WPKH, all upper case (BIP173)
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // P2WSH (BIP173)
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', // taproot (BIP350)
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH, genesis block
    '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', // P2PKH, BIP44 m/44'/0'/0'/0/0
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
  ],
  erc20: [
    '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7', // all caps (EIP-55)
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77', // all lower (EIP-55)
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ],
  trc20: [
    'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', // m/44'/195'/0'/0/0 of the test mnemonic
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // USDT-TRC20 contract
  ],
};

describe('toChecksumAddress (EIP-55)', () => {
  const mixed = VALID.erc20.slice(0, 5);

  it('reproduces the EIP-55 vectors from lower case, upper case, with or without 0x', () => {
    for (const address of mixed) {
      const body = address.slice(2);
      expect(toChecksumAddress(body.toLowerCase())).toBe(address);
      expect(toChecksumAddress(`0x${body.toUpperCase()}`)).toBe(address);
    }
  });

  it('throws on anything but 40 hex digits', () => {
    for (const bad of ['', '0x', '0x123', `0x${'g'.repeat(40)}`, `0X${'a'.repeat(40)}`, `${'a'.repeat(41)}`]) {
      expect(() => toChecksumAddress(bad)).toThrow(TypeError);
    }
  });
});

describe('isValidAddress', () => {
  it('accepts known-good addresses on their own network and no other', () => {
    for (const [network, addresses] of Object.entries(VALID) as [Network, string[]][]) {
      for (const address of addresses) {
        expect(isValidAddress(network, address), `${network} ${address}`).toBe(true);
        expect(detectNetwork(address)).toBe(network);
        for (const other of (['btc', 'erc20', 'trc20'] as const).filter((n) => n !== network)) {
          expect(isValidAddress(other, address), `${other} ${address}`).toBe(false);
        }
      }
    }
  });

  it('refuses whitespace anywhere, including tabs, newlines and no-break spaces', () => {
    for (const [network, addresses] of Object.entries(VALID) as [Network, string[]][]) {
      const address = addresses[0] ?? '';
      for (const space of [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\ufeff']) {
        for (const variant of [space + address, address + space, address.slice(0, 10) + space + address.slice(10)]) {
          expect(isValidAddress(network, variant)).toBe(false);
          expect(detectNetwork(variant)).toBeUndefined();
        }
      }
    }
  });

  it('refuses empty, oversized and non-string input', () => {
    for (const network of ['btc', 'erc20', 'trc20'] as const) {
      expect(isValidAddress(network, '')).toBe(false);
      expect(isValidAddress(network, '1'.repeat(10_000))).toBe(false);
      expect(isValidAddress(network, undefined as unknown as string)).toBe(false);
      expect(isValidAddress(network, 42 as unknown as string)).toBe(false);
    }
    expect(isValidAddress('doge' as Network, VALID.btc[0] ?? '')).toBe(false);
  });

  describe('btc', () => {
    it('catches every single-character change of a bech32 address', () => {
      const address = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
      const changed = substitutions(address, BECH32_CHARSET, 3);
      expect(changed).toHaveLength(address.length - 3);
      for (const typo of changed) expect(isValidAddress('btc', typo), typo).toBe(false);
    });

    it('catches every single-character change of a base58check address', () => {
      for (const address of ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
        for (const typo of substitutions(address, BASE58_ALPHABET)) {
          expect(isValidAddress('btc', typo), typo).toBe(false);
        }
      }
    });

    it('refuses mixed-case bech32', () => {
      expect(isValidAddress('btc', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyU')).toBe(false);
      expect(isValidAddress('btc', 'Bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(false);
      expect(isValidAddress('btc', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU')).toBe(true);
    });

    it('pairs witness version 0 with bech32 and version 1 with bech32m (BIP350)', () => {
      expect(isValidAddress('btc', segwit(0, bytes(20, 7)))).toBe(true);
      expect(isValidAddress('btc', segwit(0, bytes(32, 7)))).toBe(true);
      expect(isValidAddress('btc', segwit(1, bytes(32, 7)))).toBe(true);
      expect(isValidAddress('btc', segwit(0, bytes(20, 7), bech32m))).toBe(false);
      expect(isValidAddress('btc', segwit(1, bytes(32, 7), bech32))).toBe(false);
    });

    it('refuses program lengths and witness versions no soft fork defines', () => {
      for (const length of [0, 1, 2, 19, 21, 31, 33, 40]) {
        expect(isValidAddress('btc', segwit(0, bytes(length, 7))), `v0 ${length}`).toBe(false);
      }
      for (const length of [2, 20, 31, 33, 40]) {
        expect(isValidAddress('btc', segwit(1, bytes(length, 7))), `v1 ${length}`).toBe(false);
      }
      for (const version of [2, 3, 16]) {
        expect(isValidAddress('btc', segwit(version, bytes(32, 7))), `v${version}`).toBe(false);
      }
    });

    it('is mainnet only', () => {
      expect(isValidAddress('btc', segwit(0, bytes(20, 7), bech32, 'tb'))).toBe(false);
      expect(isValidAddress('btc', segwit(0, bytes(20, 7), bech32, 'ltc'))).toBe(false);
      // testnet P2PKH (0x6f) and P2SH (0xc4) version bytes
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x6f, ...bytes(20, 7))))).toBe(false);
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0xc4, ...bytes(20, 7))))).toBe(false);
    });

    it('checks base58 payload length and version', () => {
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x00, ...bytes(20, 7))))).toBe(true);
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x05, ...bytes(20, 7))))).toBe(true);
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x00, ...bytes(19, 7))))).toBe(false);
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x05, ...bytes(21, 7))))).toBe(false);
      expect(isValidAddress('btc', base58check.encode(Uint8Array.of(0x41, ...bytes(20, 7))))).toBe(false);
      expect(isValidAddress('btc', '1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a')).toBe(false); // '0' is not base58
    });
  });

  describe('erc20', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

    it('catches a one-character change: any flipped letter case, any changed digit', () => {
      for (let i = 2; i < address.length; i++) {
        const char = address.charAt(i);
        const replacement = /[0-9]/.test(char)
          ? String.fromCharCode(((char.charCodeAt(0) - 48 + 1) % 10) + 48)
          : char === char.toUpperCase()
            ? char.toLowerCase()
            : char.toUpperCase();
        const typo = address.slice(0, i) + replacement + address.slice(i + 1);
        expect(isValidAddress('erc20', typo), typo).toBe(false);
      }
    });

    it('accepts single-case hex, which carries no checksum', () => {
      expect(isValidAddress('erc20', address.toLowerCase())).toBe(true);
      expect(isValidAddress('erc20', `0x${address.slice(2).toUpperCase()}`)).toBe(true);
    });

    it('requires 0x and exactly 40 hex digits', () => {
      expect(isValidAddress('erc20', address.slice(2))).toBe(false);
      expect(isValidAddress('erc20', `0X${address.slice(2)}`)).toBe(false);
      expect(isValidAddress('erc20', address.slice(0, -1))).toBe(false);
      expect(isValidAddress('erc20', `${address}a`)).toBe(false);
      expect(isValidAddress('erc20', `0x${'g'.repeat(40)}`)).toBe(false);
    });
  });

  describe('trc20', () => {
    it('catches every single-character change', () => {
      for (const address of VALID.trc20) {
        for (const typo of substitutions(address, BASE58_ALPHABET)) {
          expect(isValidAddress('trc20', typo), typo).toBe(false);
        }
      }
    });

    it('requires a 21-byte payload starting 0x41', () => {
      expect(isValidAddress('trc20', base58check.encode(Uint8Array.of(0x41, ...bytes(20, 7))))).toBe(true);
      expect(isValidAddress('trc20', base58check.encode(Uint8Array.of(0x41, ...bytes(19, 7))))).toBe(false);
      expect(isValidAddress('trc20', base58check.encode(Uint8Array.of(0x41, ...bytes(21, 7))))).toBe(false);
      expect(isValidAddress('trc20', base58check.encode(Uint8Array.of(0xa0, ...bytes(20, 7))))).toBe(false);
      // the same 20 bytes as hex are an Ethereum address, not a TRON one
      expect(isValidAddress('trc20', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(false);
    });
  });
});

describe('detectNetwork', () => {
  it('returns undefined for anything invalid', () => {
    const invalid = ['', 'hello', '0x123', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh'];
    for (const bad of invalid) {
      expect(detectNetwork(bad)).toBeUndefined();
    }
  });
});

describe('isValidTxHash', () => {
  const hex64 = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

  it('wants bare 64 hex digits on btc and trc20, 0x-prefixed on erc20', () => {
    for (const network of ['btc', 'trc20'] as const) {
      expect(isValidTxHash(network, hex64)).toBe(true);
      expect(isValidTxHash(network, hex64.toUpperCase())).toBe(true);
      expect(isValidTxHash(network, `0x${hex64}`)).toBe(false);
    }
    expect(isValidTxHash('erc20', `0x${hex64}`)).toBe(true);
    expect(isValidTxHash('erc20', hex64)).toBe(false);
    expect(isValidTxHash('erc20', `0X${hex64}`)).toBe(false);
  });

  it('refuses wrong lengths, non-hex and whitespace', () => {
    for (const network of ['btc', 'trc20', 'erc20'] as const) {
      const prefix = network === 'erc20' ? '0x' : '';
      for (const bad of [
        '',
        prefix + hex64.slice(1),
        `${prefix + hex64}0`,
        `${prefix + hex64.slice(1)}g`,
        ` ${prefix}${hex64}`,
        `${prefix}${hex64}\n`,
        `${prefix}${hex64.slice(0, 32)} ${hex64.slice(33)}`,
      ]) {
        expect(isValidTxHash(network, bad), `${network} ${JSON.stringify(bad)}`).toBe(false);
      }
      expect(isValidTxHash(network, undefined as unknown as string)).toBe(false);
    }
  });
});

describe('normalizeTxHash', () => {
  it('writes every spelling of one hash the same way', () => {
    const hex64 = '4A5E1E4BAAB89F3A32518A88C31BC87F618F76673E2CC77AB2127B7AFDEDA33B';
    expect(normalizeTxHash(hex64)).toBe(hex64.toLowerCase());
    expect(normalizeTxHash(`0x${hex64}`)).toBe(`0x${hex64.toLowerCase()}`);
  });
});

describe('sameAddress', () => {
  it('ignores letter case where the format does (Ethereum hex, bech32), and not in base58', () => {
    const eth = toChecksumAddress('52908400098527886e0f7030069857d2e4169ee7');
    expect(sameAddress('erc20', eth, eth.toLowerCase())).toBe(true);
    expect(sameAddress('erc20', eth, `0x${'1'.repeat(40)}`)).toBe(false);
    const bech = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    expect(sameAddress('btc', bech, bech.toUpperCase())).toBe(true);
    const legacy = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';
    expect(sameAddress('btc', legacy, legacy)).toBe(true);
    expect(sameAddress('btc', legacy, legacy.toLowerCase())).toBe(false);
    const tron = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    expect(sameAddress('trc20', tron, tron.toLowerCase())).toBe(false);
  });
});
