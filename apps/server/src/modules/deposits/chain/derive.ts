/**
 * Per-user deposit addresses, derived from operator-configured account-level
 * extended PUBLIC keys (BIP32 watch-only derivation).
 *
 * The server only ever holds public keys: it can compute every deposit address
 * but cannot spend from any of them. The matching private keys stay with the
 * operator's custody; because derivation is deterministic, the custody wallet
 * finds the same addresses at the same indexes.
 *
 * Address for user index i: <account key>/0/i (BIP44 external chain, unhardened so
 * that public derivation is possible).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HARDENED_OFFSET, HDKey, type Versions } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bech32, hex } from '@scure/base';
import { ACCOUNT_ID_LENGTH, BTC_BECH32_PREFIX, TRON_ADDRESS_PREFIX, base58check, hash160 } from './encoding';
import { NETWORKS, isNetwork, type Network } from './networks';
import { toChecksumAddress } from './validate';

/**
 * Account-level extended public keys (BIP32 base58 serialisation), one per network.
 * - btc: the m/84'/0'/0' key, as `zpub` or as `xpub`; addresses are P2WPKH either way.
 * - erc20: the m/44'/60'/0' key, as `xpub`.
 * - trc20: the m/44'/195'/0' key, as `xpub`.
 */
export interface DepositKeys {
  btc: string;
  erc20: string;
  trc20: string;
}

declare const parsed: unique symbol;

/**
 * Validated keys, ready to derive from. Only parseDepositKeys makes one, so a
 * deriver can never be handed an account key that skipped the checks below.
 */
export interface ParsedDepositKeys {
  readonly [parsed]: true;
  /** The external-chain node (<account>/0) of each network, derived once at parse time. */
  readonly external: Readonly<Record<Network, HDKey>>;
}

/** BIP32 version bytes: the four bytes that make a key print as `xpub…`, `zprv…`, etc. */
const XPUB: Versions = { public: 0x0488b21e, private: 0x0488ade4 };
/** SLIP-132 / BIP84 native-segwit versions (`zpub`, `zprv`). */
const ZPUB: Versions = { public: 0x04b24746, private: 0x04b2430c };

/**
 * Versions we can name in an error message. The point is a helpful refusal: a
 * `ypub` (P2SH-wrapped segwit) or `tpub` (testnet) is a real key, just not one
 * whose addresses the operator's wallet would be watching.
 */
const KNOWN_VERSIONS: ReadonlyMap<number, { name: string; isPrivate: boolean }> = new Map([
  [0x0488b21e, { name: 'xpub', isPrivate: false }],
  [0x0488ade4, { name: 'xprv', isPrivate: true }],
  [0x049d7cb2, { name: 'ypub', isPrivate: false }],
  [0x049d7878, { name: 'yprv', isPrivate: true }],
  [0x04b24746, { name: 'zpub', isPrivate: false }],
  [0x04b2430c, { name: 'zprv', isPrivate: true }],
  [0x0295b43f, { name: 'Ypub', isPrivate: false }],
  [0x0295b005, { name: 'Yprv', isPrivate: true }],
  [0x02aa7ed3, { name: 'Zpub', isPrivate: false }],
  [0x02aa7a99, { name: 'Zprv', isPrivate: true }],
  [0x043587cf, { name: 'tpub', isPrivate: false }],
  [0x04358394, { name: 'tprv', isPrivate: true }],
  [0x044a5262, { name: 'upub', isPrivate: false }],
  [0x044a4e28, { name: 'uprv', isPrivate: true }],
  [0x045f1cf6, { name: 'vpub', isPrivate: false }],
  [0x045f18bc, { name: 'vprv', isPrivate: true }],
]);

/** Exposed for tests, which check that each version really prints with its name. */
export const EXTENDED_KEY_VERSIONS = KNOWN_VERSIONS;

/** Which serialisations each network takes, by version number. */
const ACCEPTED: Readonly<Record<Network, ReadonlyMap<number, Versions>>> = {
  btc: new Map([
    [XPUB.public, XPUB],
    [ZPUB.public, ZPUB],
  ]),
  erc20: new Map([[XPUB.public, XPUB]]),
  trc20: new Map([[XPUB.public, XPUB]]),
};

const EXPECTED_FORMS: Readonly<Record<Network, string>> = {
  btc: "the m/84'/0'/0' zpub or xpub",
  erc20: "the m/44'/60'/0' xpub",
  trc20: "the m/44'/195'/0' xpub",
};

/** depth(m/purpose'/coin'/account') = 3 */
const ACCOUNT_DEPTH = 3;
/** BIP32 serialisation: version 4, depth 1, fingerprint 4, index 4, chain code 32, key 33. */
const EXTENDED_KEY_LENGTH = 78;
const KEY_OFFSET = 45;
/** version 4, depth 1, fingerprint 4, index 4: what follows is the chain code, then the key */
const CHAIN_CODE_OFFSET = 13;
const EXTERNAL_CHAIN = 0;

/**
 * Checks the configured keys and prepares them for derivation. Meant to run at
 * start-up so a bad configuration stops the server instead of producing
 * addresses nobody can spend from. Error messages name the offending field but
 * never echo the key itself, which may be a private key pasted by mistake.
 */
export function parseDepositKeys(keys: DepositKeys): ParsedDepositKeys {
  const external = {} as Record<Network, HDKey>;
  for (const network of NETWORKS) {
    external[network] = parseAccountKey(network, keys[network]).deriveChild(EXTERNAL_CHAIN);
  }
  return { external: Object.freeze(external) } as ParsedDepositKeys;
}

function parseAccountKey(network: Network, value: unknown): HDKey {
  const fail = (problem: string, cause?: unknown): never => {
    throw new Error(
      `Deposit key "${network}" ${problem}; expected ${EXPECTED_FORMS[network]} (account-level extended public key)`,
      cause === undefined ? undefined : { cause },
    );
  };
  if (typeof value !== 'string' || value.length === 0) return fail('is missing');
  if (/\s/.test(value)) return fail('contains whitespace');

  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(value);
  } catch (error) {
    return fail('is not a base58check extended key (bad character or checksum)', error);
  }
  if (bytes.length !== EXTENDED_KEY_LENGTH) return fail(`decodes to ${bytes.length} bytes, not ${EXTENDED_KEY_LENGTH}`);

  const version = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, false);
  const known = KNOWN_VERSIONS.get(version);
  // A private key is refused whatever its version bytes claim: the key field
  // starting with 0x00 is how BIP32 marks private key material.
  if (known?.isPrivate === true || bytes[KEY_OFFSET] === 0x00) {
    return fail(
      `is a PRIVATE extended key${known ? ` (${known.name})` : ''}; the server must never hold private keys, ` +
        'remove it from the configuration and treat it as exposed',
    );
  }
  const versions = ACCEPTED[network].get(version);
  if (!versions) {
    return fail(`has unsupported version ${known ? known.name : `0x${version.toString(16).padStart(8, '0')}`}`);
  }

  let account: HDKey;
  try {
    account = HDKey.fromExtendedKey(value, versions);
  } catch (error) {
    return fail('is not a valid extended public key', error);
  }
  // An account key sits at m/purpose'/coin'/account'. A master or chain-level key
  // would still derive addresses, just not the ones the custody wallet watches.
  if (account.depth !== ACCOUNT_DEPTH) return fail(`is at depth ${account.depth}, not ${ACCOUNT_DEPTH}`);
  return account;
}

/**
 * The deposit address of user slot `index` on `network`: <account>/0/index.
 * Same inputs, same address, on every machine and forever; so the index
 * assigned to a user must never be reused for another user.
 */
export function deriveDepositAddress(keys: ParsedDepositKeys, network: Network, index: number): string {
  if (!isNetwork(network)) throw new TypeError(`Unknown network: ${String(network)}`);
  // Unhardened indexes only: hardened children cannot be derived from a public key.
  if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new RangeError(`Deposit address index must be an integer in [0, 2^31), got ${String(index)}`);
  }
  const child = keys.external[network].deriveChild(index);
  // BIP32 skips to the next index in the (probability ~2^-127) case of an invalid
  // child; we refuse instead, so two indexes can never share one address.
  if (child.index !== index || !child.publicKey) throw new Error(`No valid child key at index ${index}`);
  const publicKey = child.publicKey;
  switch (network) {
    case 'btc':
      return p2wpkhAddress(publicKey);
    case 'erc20':
      return toChecksumAddress(hex.encode(accountId(publicKey)));
    case 'trc20':
      return base58check.encode(Uint8Array.of(TRON_ADDRESS_PREFIX, ...accountId(publicKey)));
  }
}

/** Native segwit v0 pay-to-witness-public-key-hash: `bc1q` + bech32(HASH160(compressed key)). */
function p2wpkhAddress(compressedKey: Uint8Array): string {
  return bech32.encode(BTC_BECH32_PREFIX, [0, ...bech32.toWords(hash160(compressedKey))]);
}

/**
 * Ethereum and TRON account id: last 20 bytes of Keccak-256 over the
 * uncompressed public key's 64 coordinate bytes (the 0x04 tag dropped).
 */
function accountId(compressedKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(compressedKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-ACCOUNT_ID_LENGTH);
}

/**
 * The public BIP39 test mnemonic. Every wallet library's test suite uses it and
 * bots sweep its addresses within seconds: anything sent to an address derived
 * from it is lost to whoever moves first.
 */
export const DEVELOPMENT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

let developmentKeys: DepositKeys | undefined;

/**
 * DEVELOPMENT ONLY. Account xpubs of DEVELOPMENT_MNEMONIC, so a local server or a
 * test can derive realistic addresses without operator configuration. The
 * private keys behind these addresses are PUBLIC: funds sent there are not safe
 * and will be taken. Never configure these in production.
 *
 * btc is returned as a `zpub` (m/84'/0'/0', the serialisation BIP84 wallets such
 * as Electrum and Sparrow show); erc20 and trc20 as `xpub` (m/44'/60'/0',
 * m/44'/195'/0'). Computed on first call (PBKDF2 takes a few milliseconds) and cached.
 */
export function developmentDepositKeys(): DepositKeys {
  developmentKeys ??= computeDevelopmentKeys();
  return { ...developmentKeys };
}

/**
 * What an extended key is, as opposed to how it is written: its chain code and key bytes. The
 * version bytes (`xpub`, `ypub`, `zpub`, `tpub`…), depth, parent fingerprint and index only label
 * it; two serialisations with the same material derive the same addresses. Undefined when the
 * value is not a base58check extended key at all.
 */
export function extendedKeyMaterial(value: string): string | undefined {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(value.trim());
  } catch {
    return undefined;
  }
  return bytes.length === EXTENDED_KEY_LENGTH ? hex.encode(bytes.subarray(CHAIN_CODE_OFFSET)) : undefined;
}

/** True when `value` is one of the development keys in any serialisation: its addresses are anyone's. */
export function isDevelopmentDepositKey(value: string): boolean {
  const material = extendedKeyMaterial(value);
  return material !== undefined && Object.values(developmentDepositKeys()).some((key) => extendedKeyMaterial(key) === material);
}

function computeDevelopmentKeys(): DepositKeys {
  const seed = mnemonicToSeedSync(DEVELOPMENT_MNEMONIC);
  const accountXpub = (path: string, versions: Versions) =>
    HDKey.fromMasterSeed(seed, versions).derive(path).publicExtendedKey;
  return {
    btc: accountXpub("m/84'/0'/0'", ZPUB),
    erc20: accountXpub("m/44'/60'/0'", XPUB),
    trc20: accountXpub("m/44'/195'/0'", XPUB),
  };
}
