import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { formatDecimal, parseDecimal } from './decimal';

/**
 * Proof of liabilities: a Merkle sum tree per currency over every user's balance. Each node
 * carries a hash and a sum; a parent's sum is its children's sums added, and its hash covers both
 * children's hashes and sums, so no balance can be left out or shrunk without changing the root.
 * A child's sum is checked non-negative at every step: a negative "fake account" cannot lower the
 * total. Every encoding below has fixed widths, so a hashed text can be read only one way.
 *
 * - leaf    = SHA-256(0x00 ‖ salt (16 bytes) ‖ user id (8 bytes) ‖ balance (32 bytes))
 * - padding = SHA-256(0x02 ‖ position (8 bytes)), sum 0: fills the leaves up to a power of two
 * - node    = SHA-256(0x01 ‖ left hash ‖ left sum (32 bytes) ‖ right hash ‖ right sum (32 bytes))
 *
 * Integers are unsigned and big-endian; sums and balances are atoms (10^-18 of a unit). The salt,
 * given only to its user, hides who a leaf belongs to.
 */
export const LIABILITY_PROOF_FORMAT = 'tessera-liabilities-proof/1';
export const LIABILITY_SALT_BYTES = 16;

const TAG = { leaf: 0x00, node: 0x01, padding: 0x02 } as const;
const ID_BYTES = 8;
const SUM_BYTES = 32;
const MAX_SUM = (1n << BigInt(SUM_BYTES * 8)) - 1n;
const WORD = 0xffffffffn;

/** A tree node: its hash and the sum of the balances under it. */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

/** SHA-256 of some bytes: @noble/hashes by default; a server may pass its native one (the same function, faster). */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** Writes an unsigned integer big-endian into `bytes` bytes at `offset`, 32 bits at a time. */
function writeUnsigned(target: Uint8Array, offset: number, value: bigint, bytes: number): void {
  if (value < 0n) throw new RangeError('a sum in the tree is negative');
  if (value > (bytes === SUM_BYTES ? MAX_SUM : (1n << BigInt(bytes * 8)) - 1n)) throw new RangeError('a sum in the tree is too large');
  let rest = value;
  // the array is zeroed: stop once nothing is left (most sums need two or three words)
  for (let end = offset + bytes; rest > 0n; end -= 4) {
    const word = Number(rest & WORD);
    target[end - 1] = word & 0xff;
    target[end - 2] = (word >>> 8) & 0xff;
    target[end - 3] = (word >>> 16) & 0xff;
    target[end - 4] = word >>> 24;
    rest >>= 32n;
  }
}

export function liabilityLeaf(salt: Uint8Array, userId: number, balance: bigint, hash: Sha256 = sha256): SumNode {
  if (salt.length !== LIABILITY_SALT_BYTES) throw new RangeError('a salt is 16 bytes');
  if (!Number.isSafeInteger(userId) || userId < 0) throw new RangeError('not a user id');
  const input = new Uint8Array(1 + LIABILITY_SALT_BYTES + ID_BYTES + SUM_BYTES);
  input[0] = TAG.leaf;
  input.set(salt, 1);
  writeUnsigned(input, 1 + LIABILITY_SALT_BYTES, BigInt(userId), ID_BYTES);
  writeUnsigned(input, 1 + LIABILITY_SALT_BYTES + ID_BYTES, balance, SUM_BYTES);
  return { hash: hash(input), sum: balance };
}

export function liabilityPadding(position: number, hash: Sha256 = sha256): SumNode {
  const input = new Uint8Array(1 + ID_BYTES);
  input[0] = TAG.padding;
  writeUnsigned(input, 1, BigInt(position), ID_BYTES);
  return { hash: hash(input), sum: 0n };
}

/** A parent of two nodes; throws if either sum is negative (a tree with one is refused). */
export function liabilityNode(left: SumNode, right: SumNode, hash: Sha256 = sha256): SumNode {
  const sum = left.sum + right.sum;
  const input = new Uint8Array(1 + 2 * (32 + SUM_BYTES));
  input[0] = TAG.node;
  input.set(left.hash, 1);
  writeUnsigned(input, 33, left.sum, SUM_BYTES);
  input.set(right.hash, 65);
  writeUnsigned(input, 97, right.sum, SUM_BYTES);
  if (sum > MAX_SUM) throw new RangeError('a sum in the tree is too large');
  return { hash: hash(input), sum };
}

/** A user's proof for one currency of one published snapshot: what they download and anyone can check. */
export interface LiabilityProof {
  format: typeof LIABILITY_PROOF_FORMAT;
  snapshot_id: number;
  taken_at: string;
  currency_id: number;
  currency: string;
  /** the published root: its hash and the total of every user's balance */
  root: { hash: string; sum: string };
  /** the number of leaves, padded to a power of two */
  leaf_count: number;
  leaf: { index: number; user_id: number; salt: string; balance: string };
  /** the siblings from the leaf's level up to the root's children: the side follows the index's bits */
  path: { hash: string; sum: string }[];
}

export const LIABILITY_HASH = /^[0-9a-f]{64}$/;
export const LIABILITY_SALT = /^[0-9a-f]{32}$/;
export const LIABILITY_AMOUNT = /^\d+(\.\d{1,18})?$/;
const MAX_PATH = 64;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min;
const isNode = (value: unknown) => isRecord(value) && typeof value.hash === 'string' && LIABILITY_HASH.test(value.hash) && typeof value.sum === 'string' && LIABILITY_AMOUNT.test(value.sum);

/**
 * Reads a proof's shape (without a schema library, so the offline verifier stays one small
 * file): the proof, or what is wrong with it.
 */
export function readLiabilityProof(input: unknown): LiabilityProof | string {
  if (!isRecord(input) || input.format !== LIABILITY_PROOF_FORMAT) return `not a proof of the format ${LIABILITY_PROOF_FORMAT}`;
  if (!isWhole(input.snapshot_id, 1) || !isWhole(input.currency_id, 1) || !isWhole(input.leaf_count, 1)) return 'the snapshot, currency or leaf count is not a positive whole number';
  if (typeof input.taken_at !== 'string' || typeof input.currency !== 'string') return 'the time or currency name is missing';
  if (!isNode(input.root)) return 'the root is not a hash and an amount';
  const leaf = input.leaf;
  if (!isRecord(leaf) || !isWhole(leaf.index, 0) || !isWhole(leaf.user_id, 0)) return 'the leaf has no index or user id';
  if (typeof leaf.salt !== 'string' || !LIABILITY_SALT.test(leaf.salt)) return 'the salt is not 16 bytes of hex';
  if (typeof leaf.balance !== 'string' || !LIABILITY_AMOUNT.test(leaf.balance)) return 'the balance is not a non-negative amount';
  if (!Array.isArray(input.path) || input.path.length > MAX_PATH || !input.path.every(isNode)) return 'the path is not a list of hashes and amounts';
  return input as unknown as LiabilityProof;
}

/** One step up the path, as a verifier shows it. */
export interface LiabilityProofStep {
  level: number;
  /** where the sibling sits: the node climbed so far is on the other side */
  side: 'left' | 'right';
  sibling: { hash: string; sum: string };
  parent: { hash: string; sum: string };
}

export type LiabilityVerification =
  | { ok: true; leaf: { hash: string; sum: string }; steps: LiabilityProofStep[]; root: { hash: string; sum: string } }
  | { ok: false; reason: string; steps: LiabilityProofStep[] };

const shown = (node: SumNode) => ({ hash: bytesToHex(node.hash), sum: formatDecimal(node.sum) });

/**
 * Checks a proof from its own content: the leaf rebuilt from the user id, salt and balance, each
 * parent rebuilt from the path (every sibling's sum non-negative), and the last one equal to the
 * root in the proof. Whether that root is the published one is the caller's second check (the
 * published list, or `expectedRoot`).
 */
export function verifyLiabilityProof(input: unknown, expectedRoot?: string): LiabilityVerification {
  const proof = readLiabilityProof(input);
  if (typeof proof === 'string') return { ok: false, reason: proof, steps: [] };
  const steps: LiabilityProofStep[] = [];
  if (proof.leaf_count !== 2 ** proof.path.length) {
    return { ok: false, reason: 'the path does not match the number of leaves', steps };
  }
  if (proof.leaf.index >= proof.leaf_count) return { ok: false, reason: 'the leaf index is outside the tree', steps };
  const balance = parseDecimal(proof.leaf.balance);
  const rootSum = parseDecimal(proof.root.sum);
  if (balance === null || rootSum === null) return { ok: false, reason: 'an amount is not a number', steps };
  let node = liabilityLeaf(hexToBytes(proof.leaf.salt), proof.leaf.user_id, balance);
  const leaf = shown(node);
  let index = proof.leaf.index;
  for (const [level, sibling] of proof.path.entries()) {
    const siblingSum = parseDecimal(sibling.sum);
    if (siblingSum === null || siblingSum < 0n) return { ok: false, reason: `the sibling at level ${level} has a negative or unreadable sum`, steps };
    const other: SumNode = { hash: hexToBytes(sibling.hash), sum: siblingSum };
    const siblingOnRight = index % 2 === 0;
    node = siblingOnRight ? liabilityNode(node, other) : liabilityNode(other, node);
    steps.push({ level, side: siblingOnRight ? 'right' : 'left', sibling: shown(other), parent: shown(node) });
    index = Math.floor(index / 2);
  }
  const root = shown(node);
  if (root.hash !== proof.root.hash || node.sum !== rootSum) return { ok: false, reason: 'the path does not lead to the root in the proof', steps };
  if (expectedRoot !== undefined && expectedRoot.toLowerCase() !== root.hash) {
    return { ok: false, reason: 'the root differs from the published one', steps };
  }
  return { ok: true, leaf, steps, root };
}

