import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { formatDecimal, parseDecimal } from './decimal';

/**
 * Proof of liabilities: a Merkle sum tree per currency over every user's balance. Each node
 * carries a hash and a sum; a parent's sum is its children's sums added, and its hash covers both
 * children's hashes and sums, so no balance can be left out or shrunk without changing the root.
 * A child's sum is checked non-negative at every step: a negative "fake account" cannot lower the
 * total. Every encoding below has fixed widths, so a hashed text can be read only one way.
 *
 * - user hash = SHA-256(0x03 ‖ salt (16 bytes) ‖ user id (8 bytes, big-endian))
 * - leaf      = SHA-256(0x00 ‖ user hash ‖ balance (32 bytes))
 * - padding   = SHA-256(0x02 ‖ position (8 bytes)), sum 0: fills the leaves up to a power of two
 * - node      = SHA-256(0x01 ‖ left hash ‖ left sum (32 bytes) ‖ right hash ‖ right sum (32 bytes))
 *
 * Sums are atoms (10^-18 of a unit) as unsigned 32-byte big-endian integers.
 */
export const LIABILITY_PROOF_FORMAT = 'tessera-liabilities-proof/1';
export const LIABILITY_SALT_BYTES = 16;

const TAG = { leaf: 0x00, node: 0x01, padding: 0x02, user: 0x03 } as const;
const SUM_BYTES = 32;
const MAX_SUM = (1n << BigInt(SUM_BYTES * 8)) - 1n;

/** A tree node: its hash and the sum of the balances under it. */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

function unsigned(value: bigint, bytes: number): Uint8Array {
  if (value < 0n) throw new RangeError('a sum in the tree is negative');
  if (value >= 1n << BigInt(bytes * 8)) throw new RangeError('a sum in the tree is too large');
  const out = new Uint8Array(bytes);
  let rest = value;
  for (let index = bytes - 1; index >= 0 && rest > 0n; index--) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function hashOf(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((total, part) => total + part.length, 1);
  const input = new Uint8Array(length);
  input[0] = tag;
  let offset = 1;
  for (const part of parts) {
    input.set(part, offset);
    offset += part.length;
  }
  return sha256(input);
}

/** The user's place in the tree: their id, hidden behind a salt only they are given. */
export function liabilityUserHash(salt: Uint8Array, userId: number): Uint8Array {
  if (salt.length !== LIABILITY_SALT_BYTES) throw new RangeError('a salt is 16 bytes');
  if (!Number.isSafeInteger(userId) || userId < 0) throw new RangeError('not a user id');
  return hashOf(TAG.user, salt, unsigned(BigInt(userId), 8));
}

export function liabilityLeaf(userHash: Uint8Array, balance: bigint): SumNode {
  return { hash: hashOf(TAG.leaf, userHash, unsigned(balance, SUM_BYTES)), sum: balance };
}

export function liabilityPadding(position: number): SumNode {
  return { hash: hashOf(TAG.padding, unsigned(BigInt(position), 8)), sum: 0n };
}

/** A parent of two nodes; throws if either sum is negative (a tree with one is refused). */
export function liabilityNode(left: SumNode, right: SumNode): SumNode {
  const sum = left.sum + right.sum;
  if (sum > MAX_SUM) throw new RangeError('a sum in the tree is too large');
  return {
    hash: hashOf(TAG.node, left.hash, unsigned(left.sum, SUM_BYTES), right.hash, unsigned(right.sum, SUM_BYTES)),
    sum,
  };
}

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'a 32-byte hash in lower-case hex');
const amount = z.string().regex(/^\d+(\.\d{1,18})?$/, 'a non-negative decimal amount');
const sumNode = z.object({ hash: hex32, sum: amount });

/** A user's proof for one currency of one published snapshot: what they download and anyone can check. */
export const liabilityProof = z.object({
  format: z.literal(LIABILITY_PROOF_FORMAT),
  snapshot_id: z.number().int().positive(),
  taken_at: z.string(),
  currency_id: z.number().int().positive(),
  currency: z.string(),
  /** the published root: its hash and the total of every user's balance */
  root: sumNode,
  /** the number of leaves, padded to a power of two */
  leaf_count: z.number().int().positive(),
  leaf: z.object({
    index: z.number().int().nonnegative(),
    user_id: z.number().int().nonnegative(),
    salt: z.string().regex(/^[0-9a-f]{32}$/, 'a 16-byte salt in lower-case hex'),
    balance: amount,
  }),
  /** the siblings from the leaf's level up to the root's children: the side follows the index's bits */
  path: z.array(sumNode).max(64),
});
export type LiabilityProof = z.infer<typeof liabilityProof>;

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
  const parsed = liabilityProof.safeParse(input);
  if (!parsed.success) return { ok: false, reason: `not a proof: ${parsed.error.issues[0]?.message ?? 'wrong shape'}`, steps: [] };
  const proof = parsed.data;
  const steps: LiabilityProofStep[] = [];
  if (proof.leaf_count !== 2 ** proof.path.length) {
    return { ok: false, reason: 'the path does not match the number of leaves', steps };
  }
  if (proof.leaf.index >= proof.leaf_count) return { ok: false, reason: 'the leaf index is outside the tree', steps };
  const balance = parseDecimal(proof.leaf.balance);
  const rootSum = parseDecimal(proof.root.sum);
  if (balance === null || rootSum === null) return { ok: false, reason: 'an amount is not a number', steps };
  let node = liabilityLeaf(liabilityUserHash(hexToBytes(proof.leaf.salt), proof.leaf.user_id), balance);
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

/** A published snapshot as `GET /api/liabilities` lists it. */
export const liabilitySnapshot = z.object({
  id: z.int(),
  taken_at: z.string(),
  cause: z.enum(['operator', 'daily']),
  /** the last ledger entry the snapshot counts */
  ledger_boundary: z.string(),
  status: z.enum(['building', 'published']),
  published_at: z.string().nullable(),
  /** per currency: the root of the users' tree and their total */
  currencies: z.array(
    z.object({ currency_id: z.int(), currency: z.string(), root_hash: z.string(), total: z.string(), leaf_count: z.int(), users: z.int() }),
  ),
  /** the platform's own accounts (fees, house, insurance, system makers), apart from the users */
  platform: z.array(z.object({ account: z.string(), currency_id: z.int(), currency: z.string(), balance: z.string() })),
});
export type LiabilitySnapshotItem = z.infer<typeof liabilitySnapshot>;
