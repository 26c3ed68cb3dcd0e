/**
 * Byte-level encodings shared by derivation and validation, kept in one place so
 * the address we hand a user and the check we run on an address can never drift
 * apart.
 */
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

/** Base58 with a 4-byte double-SHA-256 checksum: Bitcoin legacy addresses, TRON addresses, BIP32 keys. */
export const base58check = createBase58check(sha256);

/** Bitcoin's HASH160 (RIPEMD-160 of SHA-256): the 20-byte program of a P2WPKH output. */
export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

/** Human-readable part of mainnet segwit addresses. Testnet (`tb`) is deliberately absent. */
export const BTC_BECH32_PREFIX = 'bc';

/** Base58check version bytes of mainnet legacy Bitcoin addresses. */
export const BTC_P2PKH_VERSION = 0x00;
export const BTC_P2SH_VERSION = 0x05;

/** TRON mainnet address prefix byte; it is what makes every TRON address start with `T`. */
export const TRON_ADDRESS_PREFIX = 0x41;

/** Both Ethereum and TRON identify an account by 20 bytes of a Keccak-256 hash. */
export const ACCOUNT_ID_LENGTH = 20;
