import { formatDecimal, LIABILITY_PROOF_FORMAT, type LiabilityProof } from '@tessera/protocol';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import { paged, type PageRequest } from '../../lib/paging';
import type { LiabilityBuilder } from './builder';
import type { LiabilityRepository, PlatformRow, RootRow, SnapshotRow } from './repository';
import { SumTree } from './sum-tree';

/** Trees kept built for proofs: the newest snapshots are the ones users ask about. */
const TREES_KEPT = 4;

export interface PublishedSnapshot {
  id: number;
  taken_at: string;
  cause: 'operator' | 'daily';
  ledger_boundary: string;
  status: 'building' | 'published';
  published_at: string | null;
  currencies: { currency_id: number; currency: string; root_hash: string; total: string; leaf_count: number; users: number }[];
  platform: { account: string; currency_id: number; currency: string; balance: string }[];
}

/**
 * Proof of liabilities (docs/proof-of-liabilities.md): operators take snapshots through the core,
 * everyone reads the published roots and totals, each user downloads the proof of their own leaf.
 */
export class LiabilityService {
  private readonly trees = new Map<string, Promise<SumTree>>();

  constructor(
    private readonly core: Pick<Core, 'execute'>,
    private readonly repository: LiabilityRepository,
    private readonly builder: LiabilityBuilder,
  ) {}

  /** Takes a snapshot at the next batch boundary; it is published once its trees are built. */
  async publish(operatorId: number): Promise<{ id: number }> {
    const result = await this.core.execute({ kind: 'liabilities_snapshot', key: newCommandKey('liabilities'), requestedBy: operatorId });
    if (!result.applied || result.recordId === undefined) refuse('please retry');
    return { id: result.recordId };
  }

  /** Resolves once every snapshot taken so far is built (for tests and tools). */
  built(): Promise<void> {
    return this.builder.idle();
  }

  async list(request: PageRequest, publishedOnly = true) {
    const { rows, total } = await this.repository.snapshots(request, publishedOnly);
    const ids = rows.map((row) => row.id);
    const [roots, platform] = await Promise.all([this.repository.roots(ids), this.repository.platform(ids)]);
    return paged(rows.map((row) => present(row, roots, platform)), total, request);
  }

  /** The caller's proof for one currency of a published snapshot: their leaf, its salt and the sibling path. */
  async proof(userId: number, snapshotId: number, currencyId: number): Promise<LiabilityProof> {
    const snapshot = await this.repository.snapshot(snapshotId);
    if (snapshot?.status !== 'published') refuse('data not found');
    const [root] = (await this.repository.roots([snapshotId])).filter((row) => row.currency_id === currencyId);
    if (!root) refuse('data not found');
    const leaf = await this.repository.leafOf(snapshotId, currencyId, userId);
    if (!leaf) refuse('no balance in this snapshot');
    const tree = await this.tree(snapshotId, currencyId);
    return {
      format: LIABILITY_PROOF_FORMAT,
      snapshot_id: snapshotId,
      taken_at: snapshot.taken_at.toISOString(),
      currency_id: currencyId,
      currency: root.currency,
      root: { hash: root.root_hash, sum: root.total },
      leaf_count: tree.leafCount,
      leaf: { index: leaf.position, user_id: userId, salt: Buffer.from(leaf.salt).toString('hex'), balance: formatDecimal(leaf.balance) },
      path: tree.path(leaf.position).map((node) => ({ hash: node.hash, sum: formatDecimal(node.sum) })),
    };
  }

  /** A snapshot's tree of a currency, rebuilt from its stored leaves, the last few kept. */
  private tree(snapshotId: number, currencyId: number): Promise<SumTree> {
    const key = `${snapshotId}:${currencyId}`;
    let tree = this.trees.get(key);
    if (tree) {
      // most recently used last
      this.trees.delete(key);
    } else {
      tree = this.repository.leaves(snapshotId, currencyId).then((leaves) => SumTree.build(leaves));
      tree.catch(() => this.trees.delete(key));
    }
    this.trees.set(key, tree);
    while (this.trees.size > TREES_KEPT) this.trees.delete(this.trees.keys().next().value as string);
    return tree;
  }
}

function present(row: SnapshotRow, roots: RootRow[], platform: PlatformRow[]): PublishedSnapshot {
  return {
    id: row.id,
    taken_at: row.taken_at.toISOString(),
    cause: row.cause,
    ledger_boundary: row.ledger_boundary,
    status: row.status,
    published_at: row.published_at?.toISOString() ?? null,
    currencies: roots
      .filter((root) => root.snapshot_id === row.id)
      .map(({ currency_id, currency, root_hash, total, leaf_count, users }) => ({ currency_id, currency, root_hash, total, leaf_count, users })),
    platform: platform
      .filter((account) => account.snapshot_id === row.id)
      .map(({ account, currency_id, currency, balance }) => ({ account, currency_id, currency, balance })),
  };
}
