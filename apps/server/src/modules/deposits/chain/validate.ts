/**
 * Shape and checksum checks for user-supplied withdrawal addresses and
 * transaction hashes. They catch typos and wrong-network pastes before money
 * moves; they cannot tell whether anyone holds the key to an address.
 *
 * Every check is pure string work on untrusted input, so each one caps the
 * length first (base58 decoding is quadratic) and never throws.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m } from '@scure/base';
import {
  ACCOUNT_ID_LENGTH,
  BTC_BECH32_PREFIX,
  BTC_P2PKH_VERSION,
  BTC_P2SH_VERSION,
  TRON_ADDRESS_PREFIX,
  base58check,
} from './encoding';
import { NETWORKS, type Network } from './networks';

/** BIP173's limit; no address on any supported network is longer. */
const MAX_ADDRESS_LENGTH = 90;

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const HEX40 = /^(?:0x)?([0-9a-fA-F]{40})$/;
const ETH_ADDRESS = /^0x([0-9a-fA-F]{40})$/;
const HASH64 = /^[0-9a-fA-F]{64}$/;
const ETH_HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * EIP-55 mixed-case checksum encoding of a 20-byte address.
 * Accepts 40 hex digits with or without `0x`, in any case; returns `0x…` checksummed.
 * Throws on anything else, since callers pass addresses they produced themselves.
 */
export function toChecksumAddress(hex40: string): string {
  const match = HEX40.exec(hex40);
  const body = match?.[1];
  if (body === undefined) throw new TypeError('toChecksumAddress expects 40 hex digits');
  const lower = body.toLowerCase();
  // EIP-55 hashes the ASCII of the lowercase hex, not the 20 address bytes.
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    // Nibble i of the hash decides the case of hex digit i; digits 0-9 have no case.
    const byte = hash[i >> 1] ?? 0;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export function isValidAddress(network: Network, address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > MAX_ADDRESS_LENGTH) return false;
  // A pasted address with a stray space or newline is refused rather than trimmed:
  // what we validate must be exactly what we later send to.
  if (/\s/.test(address)) return false;
  switch (network) {
    case 'btc':
      return isBitcoinAddress(address);
    case 'erc20':
      return isEthereumAddress(address);
    case 'trc20':
      return isTronAddress(address);
    default:
      return false;
  }
}

/**
 * The network whose address format `address` matches, if any. The formats are
 * disjoint (`bc1`/`1`/`3`, `0x`, `T`), so at most one network can match.
 */
export function detectNetwork(address: string): Network | undefined {
  return NETWORKS.find((network) => isValidAddress(network, address));
}

/**
 * Bitcoin and TRON transaction ids are 64 hex digits; Ethereum writes them with `0x`.
 * Hex carries no checksum, so either letter case is accepted.
 */
export function isValidTxHash(network: Network, hash: string): boolean {
  if (typeof hash !== 'string') return false;
  switch (network) {
    case 'btc':
    case 'trc20':
      return HASH64.test(hash);
    case 'erc20':
      return ETH_HASH.test(hash);
    default:
      return false;
  }
}

function isBitcoinAddress(address: string): boolean {
  if (address.slice(0, 3).toLowerCase() === `${BTC_BECH32_PREFIX}1`) return isSegwitAddress(address);
  const payload = decodeBase58check(address);
  return (
    payload?.length === 21 && (payload[0] === BTC_P2PKH_VERSION || payload[0] === BTC_P2SH_VERSION)
  );
}

/**
 * BIP173 / BIP350 segwit address, mainnet. Accepted programs: v0 with 20 bytes
 * (P2WPKH) or 32 bytes (P2WSH), and v1 with 32 bytes (taproot). Other witness
 * versions and v1 lengths are well-formed but not yet defined by any soft fork:
 * coins sent there are spendable by anyone, so a withdrawal to them is refused.
 */
function isSegwitAddress(address: string): boolean {
  const lower = address.toLowerCase();
  // BIP173 allows all-lowercase or all-uppercase, never a mix.
  if (address !== lower && address !== address.toUpperCase()) return false;
  const version = BECH32_CHARSET.indexOf(lower.charAt(3));
  if (version < 0 || version > 16) return false;
  // BIP350: v0 keeps the original bech32 checksum, v1+ must use bech32m.
  const decoded = (version === 0 ? bech32 : bech32m).decodeUnsafe(lower, MAX_ADDRESS_LENGTH);
  if (!decoded || decoded.prefix !== BTC_BECH32_PREFIX || decoded.words[0] !== version) return false;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return false;
  if (version === 0) return program.length === 20 || program.length === 32;
  return version === 1 && program.length === 32;
}

function isEthereumAddress(address: string): boolean {
  const body = ETH_ADDRESS.exec(address)?.[1];
  if (body === undefined) return false;
  // Single-case hex predates EIP-55 and carries no checksum; mixed case must be exact.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}

function isTronAddress(address: string): boolean {
  const payload = decodeBase58check(address);
  return payload?.length === 1 + ACCOUNT_ID_LENGTH && payload[0] === TRON_ADDRESS_PREFIX;
}

function decodeBase58check(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text);
  } catch {
    return undefined;
  }
}

/**
 * The one spelling of a transaction hash that keys a deposit: every supported network writes its
 * hashes in hex (BTC and TRON bare, Ethereum with `0x`), where letter case means nothing, so the
 * lower-case form. Two spellings of one hash are one transaction.
 */
export function normalizeTxHash(hash: string): string {
  return hash.toLowerCase();
}

/**
 * Whether two spellings name the same address on `network`: Ethereum hex and BTC bech32 ignore
 * letter case (the EIP-55 mixed case is only a checksum); base58 (legacy BTC, TRON) does not.
 */
export function sameAddress(network: Network, a: string, b: string): boolean {
  if (a === b) return true;
  const caseless = network === 'erc20' || (network === 'btc' && /^bc1/i.test(a) && /^bc1/i.test(b));
  return caseless && a.toLowerCase() === b.toLowerCase();
}
