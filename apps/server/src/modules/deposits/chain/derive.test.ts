import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_MNEMONIC,
  EXTENDED_KEY_VERSIONS,
  deriveDepositAddress,
  developmentDepositKeys,
  parseDepositKeys,
  type DepositKeys,
} from './derive';
import { NETWORKS, type Network } from './networks';
import { detectNetwork, isValidAddress } from './validate';

const base58check = createBase58check(sha256);

// Published vectors for the BIP39 test mnemonic (BIP84 test vectors; the
// m/44'/60' and m/44'/195' addresses every wallet shows for it).
const DEV_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** The same m/84'/0'/0' account, serialised with xpub version bytes. */
const DEV_BTC_XPUB =
  'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V';
const DEV_ETH_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
/** BIP49 (P2SH-wrapped segwit) account m/49'/0'/0'. */
const DEV_YPUB =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';

const VECTORS: Record<Network, [number, string][]> = {
  btc: [
    [0, 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    [1, 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'],
  ],
  erc20: [
    [0, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94'],
    [1, '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0'],
    [2, '0xb6716976A3ebe8D39aCEB04372f22Ff8e6802D7A'],
  ],
  trc20: [
    [0, 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'],
    [1, 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'],
  ],
};

const seed = mnemonicToSeedSync(DEVELOPMENT_MNEMONIC);
const account = (path: string) => HDKey.fromMasterSeed(seed).derive(path);

/** Re-serialises an extended key with other version bytes (to fake a mislabelled key). */
function withVersion(extendedKey: string, version: number): string {
  const raw = base58check.decode(extendedKey);
  new DataView(raw.buffer, raw.byteOffset).setUint32(0, version, false);
  return base58check.encode(raw);
}

function expectRefused(keys: Partial<DepositKeys>, pattern: RegExp, secret?: string): void {
  const config = { ...developmentDepositKeys(), ...keys };
  let message = '';
  expect(() => {
    try {
      parseDepositKeys(config);
    } catch (error) {
      message = (error as Error).message;
      throw error;
    }
  }).toThrow(pattern);
  // Start-up errors end up in logs: a pasted private key must not be echoed.
  if (secret !== undefined) expect(message).not.toContain(secret.slice(4, 40));
}

describe('developmentDepositKeys', () => {
  it('returns the published account keys of the test mnemonic', () => {
    expect(developmentDepositKeys()).toEqual({
      btc: DEV_ZPUB,
      erc20: DEV_ETH_XPUB,
      trc20: account("m/44'/195'/0'").publicExtendedKey,
    });
  });

  it('hands out copies, so a caller cannot corrupt the cache', () => {
    const first = developmentDepositKeys();
    first.btc = 'tampered';
    expect(developmentDepositKeys().btc).toBe(DEV_ZPUB);
  });
});

describe('deriveDepositAddress', () => {
  const keys = parseDepositKeys(developmentDepositKeys());

  it('matches the published addresses at m/…/0/index', () => {
    for (const network of NETWORKS) {
      for (const [index, address] of VECTORS[network]) {
        expect(deriveDepositAddress(keys, network, index), `${network} ${index}`).toBe(address);
      }
    }
  });

  it('gives the same BTC addresses for the account as zpub or as xpub', () => {
    const asXpub = parseDepositKeys({ ...developmentDepositKeys(), btc: DEV_BTC_XPUB });
    expect(withVersion(DEV_ZPUB, 0x0488b21e)).toBe(DEV_BTC_XPUB);
    for (const index of [0, 1, 7, 1000]) {
      expect(deriveDepositAddress(asXpub, 'btc', index)).toBe(deriveDepositAddress(keys, 'btc', index));
    }
  });

  it('is deterministic: same index same address, different index different address', () => {
    const again = parseDepositKeys(developmentDepositKeys());
    for (const network of NETWORKS) {
      const seen = new Set<string>();
      for (let index = 0; index < 25; index++) {
        const address = deriveDepositAddress(keys, network, index);
        expect(deriveDepositAddress(keys, network, index)).toBe(address);
        expect(deriveDepositAddress(again, network, index)).toBe(address);
        seen.add(address);
      }
      expect(seen.size).toBe(25);
    }
  });

  it('derives from the operator key, not from anything global', () => {
    const other = parseDepositKeys({
      btc: HDKey.fromMasterSeed(new Uint8Array(32).fill(1)).derive("m/84'/0'/0'").publicExtendedKey,
      erc20: HDKey.fromMasterSeed(new Uint8Array(32).fill(2)).derive("m/44'/60'/0'").publicExtendedKey,
      trc20: HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).derive("m/44'/195'/0'").publicExtendedKey,
    });
    for (const network of NETWORKS) {
      expect(deriveDepositAddress(other, network, 0)).not.toBe(deriveDepositAddress(keys, network, 0));
    }
  });

  it('accepts indexes 0 … 2^31 - 1 and nothing else', () => {
    expect(isValidAddress('erc20', deriveDepositAddress(keys, 'erc20', 0x7fffffff))).toBe(true);
    const outOfRange = [-1, 0x80000000, 0xffffffff, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1];
    for (const index of outOfRange) {
      for (const network of NETWORKS) {
        expect(() => deriveDepositAddress(keys, network, index), `${network} ${index}`).toThrow(RangeError);
      }
    }
    expect(() => deriveDepositAddress(keys, 'btc', '3' as unknown as number)).toThrow(RangeError);
    expect(() => deriveDepositAddress(keys, 'sol' as Network, 0)).toThrow(/Unknown network/);
  });

  it('property: every derived address validates for its network alone and is detected as such', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 64 }),
        fc.integer({ min: 0, max: 0x7fffffff }),
        (masterSeed, index) => {
          const master = HDKey.fromMasterSeed(masterSeed);
          const random = parseDepositKeys({
            btc: master.derive("m/84'/0'/0'").publicExtendedKey,
            erc20: master.derive("m/44'/60'/0'").publicExtendedKey,
            trc20: master.derive("m/44'/195'/0'").publicExtendedKey,
          });
          for (const network of NETWORKS) {
            const address = deriveDepositAddress(random, network, index);
            expect(detectNetwork(address)).toBe(network);
            for (const other of NETWORKS) expect(isValidAddress(other, address)).toBe(other === network);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('parseDepositKeys', () => {
  it('accepts the development keys', () => {
    expect(() => parseDepositKeys(developmentDepositKeys())).not.toThrow();
  });

  it('refuses private extended keys, names the field and does not echo the key', () => {
    const ethXprv = account("m/44'/60'/0'").privateExtendedKey;
    const tronXprv = account("m/44'/195'/0'").privateExtendedKey;
    const btcXprv = account("m/84'/0'/0'").privateExtendedKey;
    const btcZprv = HDKey.fromMasterSeed(seed, { public: 0x04b24746, private: 0x04b2430c }).derive("m/84'/0'/0'")
      .privateExtendedKey;
    expect(btcZprv.startsWith('zprv')).toBe(true);
    expectRefused({ erc20: ethXprv }, /^Deposit key "erc20" is a PRIVATE extended key \(xprv\)/, ethXprv);
    expectRefused({ trc20: tronXprv }, /^Deposit key "trc20" is a PRIVATE extended key \(xprv\)/, tronXprv);
    expectRefused({ btc: btcXprv }, /^Deposit key "btc" is a PRIVATE extended key \(xprv\)/, btcXprv);
    expectRefused({ btc: btcZprv }, /^Deposit key "btc" is a PRIVATE extended key \(zprv\)/, btcZprv);
  });

  it('refuses private key material even behind public version bytes', () => {
    const disguised = withVersion(account("m/44'/60'/0'").privateExtendedKey, 0x0488b21e);
    expect(disguised.startsWith('xpub')).toBe(true);
    expectRefused({ erc20: disguised }, /^Deposit key "erc20" is a PRIVATE extended key/, disguised);
  });

  it('refuses serialisations the network does not use', () => {
    expectRefused(
      { btc: DEV_YPUB },
      /^Deposit key "btc" has unsupported version ypub; expected the m\/84'\/0'\/0' zpub or xpub/,
    );
    expectRefused(
      { erc20: DEV_ZPUB },
      /^Deposit key "erc20" has unsupported version zpub; expected the m\/44'\/60'\/0' xpub/,
    );
    expectRefused({ trc20: DEV_ZPUB }, /^Deposit key "trc20" has unsupported version zpub/);
    expectRefused({ btc: withVersion(DEV_ZPUB, 0x043587cf) }, /^Deposit key "btc" has unsupported version tpub/);
    expectRefused({ btc: withVersion(DEV_ZPUB, 0x01020304) }, /^Deposit key "btc" has unsupported version 0x01020304/);
  });

  it('refuses keys that are not at account depth', () => {
    const master = HDKey.fromMasterSeed(seed).publicExtendedKey;
    const external = account("m/44'/60'/0'/0").publicExtendedKey;
    expectRefused({ erc20: master }, /^Deposit key "erc20" is at depth 0, not 3/);
    expectRefused({ trc20: external }, /^Deposit key "trc20" is at depth 4, not 3/);
  });

  it('refuses malformed input with a message naming the field', () => {
    const typo = DEV_ETH_XPUB.slice(0, 50) + (DEV_ETH_XPUB.charAt(50) === 'a' ? 'b' : 'a') + DEV_ETH_XPUB.slice(51);
    expectRefused({ erc20: typo }, /^Deposit key "erc20" is not a base58check extended key/);
    expectRefused({ btc: '' }, /^Deposit key "btc" is missing/);
    expectRefused({ trc20: undefined as unknown as string }, /^Deposit key "trc20" is missing/);
    expectRefused({ btc: `${DEV_ZPUB}\n` }, /^Deposit key "btc" contains whitespace/);
    expectRefused({ erc20: 'hello' }, /^Deposit key "erc20" (is not a base58check|decodes to)/);
    const short = base58check.encode(new Uint8Array(77).fill(3));
    expectRefused({ erc20: short }, /^Deposit key "erc20" decodes to 77 bytes, not 78/);
  });

  it('refuses a public key that is not a point on secp256k1', () => {
    const raw = base58check.decode(DEV_ETH_XPUB);
    raw.fill(0xff, 46); // x = 2^256 - 1 exceeds the field prime
    expectRefused({ erc20: base58check.encode(raw) }, /^Deposit key "erc20" is not a valid extended public key/);
  });
});

describe('EXTENDED_KEY_VERSIONS', () => {
  it('names each version by the prefix it really serialises to', () => {
    for (const [version, { name }] of EXTENDED_KEY_VERSIONS) {
      expect(withVersion(DEV_ETH_XPUB, version).slice(0, 4), name).toBe(name);
    }
  });
});
