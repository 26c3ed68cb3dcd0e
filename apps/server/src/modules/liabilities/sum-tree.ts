import { liabilityLeaf, liabilityNode, liabilityPadding, type SumNode } from '@tessera/protocol';
import { hash } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';

/** A leaf as stored: the user, their salt and balance, in the position the tree gives them. */
export interface StoredLeaf {
  userId: number;
  salt: Uint8Array;
  balance: bigint;
}

/** One level of the tree: 32 bytes of hash per node, and each node's sum. */
interface Level {
  hashes: Uint8Array;
  sums: bigint[];
}

/** The platform's SHA-256 (the same function the protocol's default computes, several times faster). */
const sha256 = (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer');

/** Nodes hashed between two turns of the event loop: the core and the requests go on meanwhile. */
const NODES_PER_TURN = 4096;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A Merkle sum tree over leaves in their order (hashes and layout: `@tessera/protocol`
 * liabilities), padded with zero leaves to a power of two. Built in slices that yield to the
 * event loop, so a million leaves never hold the process for more than a few milliseconds.
 */
export class SumTree {
  private constructor(private readonly levels: Level[]) {}

  static async build(leaves: readonly StoredLeaf[]): Promise<SumTree> {
    const width = leaves.length <= 1 ? 1 : 2 ** Math.ceil(Math.log2(leaves.length));
    const first: Level = { hashes: new Uint8Array(width * 32), sums: new Array<bigint>(width) };
    for (let position = 0; position < width; position++) {
      const leaf = leaves[position];
      const node = leaf ? liabilityLeaf(leaf.salt, leaf.userId, leaf.balance, sha256) : liabilityPadding(position, sha256);
      first.hashes.set(node.hash, position * 32);
      first.sums[position] = node.sum;
      if (position % NODES_PER_TURN === NODES_PER_TURN - 1) await nextTurn();
    }
    const levels = [first];
    for (let below = first; below.sums.length > 1; ) {
      const size = below.sums.length / 2;
      const level: Level = { hashes: new Uint8Array(size * 32), sums: new Array<bigint>(size) };
      for (let position = 0; position < size; position++) {
        // liabilityNode refuses a negative child: a tree holding one is never built
        const node = liabilityNode(nodeAt(below, 2 * position), nodeAt(below, 2 * position + 1), sha256);
        level.hashes.set(node.hash, position * 32);
        level.sums[position] = node.sum;
        if (position % NODES_PER_TURN === NODES_PER_TURN - 1) await nextTurn();
      }
      levels.push(level);
      below = level;
    }
    return new SumTree(levels);
  }

  get leafCount(): number {
    return this.levels[0]?.sums.length ?? 0;
  }

  get root(): { hash: string; sum: bigint } {
    const top = this.levels[this.levels.length - 1];
    if (!top) throw new Error('an empty tree has no root');
    const node = nodeAt(top, 0);
    return { hash: bytesToHex(node.hash), sum: node.sum };
  }

  /** The siblings of a leaf's path, from its level up to the root's children. */
  path(position: number): { hash: string; sum: bigint }[] {
    const siblings: { hash: string; sum: bigint }[] = [];
    let index = position;
    for (const level of this.levels.slice(0, -1)) {
      const sibling = nodeAt(level, index ^ 1);
      siblings.push({ hash: bytesToHex(sibling.hash), sum: sibling.sum });
      index >>= 1;
    }
    return siblings;
  }
}

function nodeAt(level: Level, position: number): SumNode {
  const sum = level.sums[position];
  if (sum === undefined) throw new RangeError(`no node at ${position}`);
  return { hash: level.hashes.subarray(position * 32, position * 32 + 32), sum };
}
