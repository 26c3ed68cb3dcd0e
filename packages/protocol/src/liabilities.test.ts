import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  LIABILITY_PROOF_FORMAT,
  liabilityLeaf,
  liabilityNode,
  liabilityPadding,
  verifyLiabilityProof,
  type LiabilityProof,
  type SumNode,
} from './liabilities';
import { formatDecimal, UNIT } from './decimal';

/** A four-leaf tree built by hand from the documented layout, and the proof of leaf 2. */
function fourLeafProof(): LiabilityProof {
  const salts = [1, 2, 3].map((seed) => new Uint8Array(16).fill(seed));
  const balances = [5n * UNIT, 7n * UNIT + UNIT / 2n, 11n * UNIT];
  const leaves: SumNode[] = [0, 1, 2].map((index) => liabilityLeaf(salts[index]!, 100 + index, balances[index]!));
  leaves.push(liabilityPadding(3));
  const left = liabilityNode(leaves[0]!, leaves[1]!);
  const right = liabilityNode(leaves[2]!, leaves[3]!);
  const root = liabilityNode(left, right);
  const shown = (node: SumNode) => ({ hash: bytesToHex(node.hash), sum: formatDecimal(node.sum) });
  return {
    format: LIABILITY_PROOF_FORMAT,
    snapshot_id: 1,
    taken_at: '2026-11-27T00:00:00.000Z',
    currency_id: 3,
    currency: 'USDT',
    root: shown(root),
    leaf_count: 4,
    leaf: { index: 2, user_id: 102, salt: bytesToHex(salts[2]!), balance: '11' },
    path: [shown(leaves[3]!), shown(left)],
  };
}

describe('proof of liabilities', () => {
  it('hashes the documented bytes: a leaf of a known salt, id and balance', () => {
    // SHA-256(00 ‖ 16 × 0x01 ‖ 00000000 0000002a ‖ 32-byte 1.5 × 10^18), computed independently
    const leaf = liabilityLeaf(new Uint8Array(16).fill(1), 42, 1_500_000_000_000_000_000n);
    const input = new Uint8Array(57);
    input.fill(1, 1, 17);
    input[24] = 42;
    const balance = (1_500_000_000_000_000_000n).toString(16).padStart(64, '0');
    for (let index = 0; index < 32; index++) input[25 + index] = parseInt(balance.slice(index * 2, index * 2 + 2), 16);
    expect(bytesToHex(leaf.hash)).toBe(bytesToHex(sha256(input)));
  });

  it('verifies a proof built from the documented layout, and shows its path', () => {
    const proof = fourLeafProof();
    const verified = verifyLiabilityProof(proof, proof.root.hash);
    expect(verified).toMatchObject({ ok: true, root: { hash: proof.root.hash, sum: '23.5' } });
    expect(verified.steps.map((step) => step.side)).toEqual(['right', 'left']);
  });

  it('refuses a proof once any balance, salt, user, sibling, sum or index is changed', () => {
    const tampered: ((proof: LiabilityProof) => void)[] = [
      (proof) => (proof.leaf.balance = '11.000000000000000001'),
      (proof) => (proof.leaf.salt = `${proof.leaf.salt.slice(0, -1)}0`),
      (proof) => (proof.leaf.user_id = 101),
      (proof) => (proof.leaf.index = 3),
      (proof) => (proof.path[0]!.hash = `${'0'.repeat(63)}1`),
      (proof) => (proof.path[1]!.sum = '12.4'),
      (proof) => (proof.root.sum = '23.6'),
      (proof) => (proof.root.hash = `${'f'.repeat(64)}`),
    ];
    for (const change of tampered) {
      const proof = fourLeafProof();
      change(proof);
      expect(verifyLiabilityProof(proof).ok).toBe(false);
    }
  });

  it('refuses a root other than the published one, and what is not a proof', () => {
    expect(verifyLiabilityProof(fourLeafProof(), 'a'.repeat(64))).toMatchObject({ ok: false, reason: 'the root differs from the published one' });
    expect(verifyLiabilityProof({ format: 'other' }).ok).toBe(false);
    const proof = fourLeafProof();
    proof.leaf_count = 8;
    expect(verifyLiabilityProof(proof)).toMatchObject({ ok: false, reason: 'the path does not match the number of leaves' });
  });

  it('refuses a negative sum: as a leaf, as an inner node, or as a sibling in a proof', () => {
    const salt = new Uint8Array(16);
    expect(() => liabilityLeaf(salt, 1, -1n)).toThrow(/negative/);
    const negative: SumNode = { hash: new Uint8Array(32), sum: -5n };
    expect(() => liabilityNode(liabilityLeaf(salt, 1, 10n), negative)).toThrow(/negative/);
    const proof = fourLeafProof();
    proof.path[0]!.sum = '-1';
    expect(verifyLiabilityProof(proof).ok).toBe(false);
  });
});
