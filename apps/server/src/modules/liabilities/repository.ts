import { formatAmount, parseAmount } from '../../core/amount';
import type { Database } from '../../db/database';
import { pageOf, type PageRequest } from '../../lib/paging';
import type { StoredLeaf } from './sum-tree';

export interface SnapshotRow {
  id: number;
  taken_at: Date;
  cause: 'operator' | 'daily';
  ledger_boundary: string;
  status: 'building' | 'published';
  published_at: Date | null;
}

export interface RootRow {
  snapshot_id: number;
  currency_id: number;
  currency: string;
  root_hash: string;
  total: string;
  leaf_count: number;
  users: number;
}

export interface PlatformRow {
  snapshot_id: number;
  account: string;
  currency_id: number;
  currency: string;
  balance: string;
}

/** A leaf of a snapshot's tree for one currency, in the tree's order. */
export interface PositionedLeaf extends StoredLeaf {
  position: number;
}

const LEAVES_PER_STATEMENT = 5000;

/** The proof of liabilities' tables: snapshots (the core writes them), and what the builder makes of them. */
export class LiabilityRepository {
  constructor(private readonly db: Database) {}

  /** The platform's own accounts (fee, house, insurance, system makers) and their kind. */
  async platformAccounts(): Promise<Map<number, string>> {
    const rows = await this.db.query<{ id: number; kind: string }>(`select id, kind from users where kind <> 'user'`);
    return new Map(rows.map((row) => [row.id, row.kind]));
  }

  /** Snapshots taken but not yet published: a build a stop interrupted, or not started. */
  async unfinished(): Promise<{ id: number; ledger_boundary: string }[]> {
    return this.db.query(`select id::int as id, ledger_boundary::text from liability_snapshots where status = 'building' order by id`);
  }

  /** Every account's balance per currency as the ledger had it at a boundary (the slow path: a rebuild after a stop). */
  async balancesAt(boundary: string): Promise<{ user_id: number; currency_id: number; amount: string }[]> {
    return this.db.query(
      `select user_id, currency_id, sum(delta_available + delta_locked)::text as amount
         from ledger_entries where id <= $1::bigint group by user_id, currency_id`,
      [boundary],
    );
  }

  /** Drops what an interrupted build wrote: its salts are lost, so it starts again. */
  async clearUnpublished(snapshotId: number): Promise<void> {
    for (const table of ['liability_leaves', 'liability_roots', 'liability_platform_accounts']) {
      await this.db.query(
        `delete from ${table} where snapshot_id = $1 and exists (select 1 from liability_snapshots where id = $1 and status = 'building')`,
        [snapshotId],
      );
    }
  }

  async insertLeaves(snapshotId: number, currencyId: number, leaves: readonly StoredLeaf[]): Promise<void> {
    for (let start = 0; start < leaves.length; start += LEAVES_PER_STATEMENT) {
      const rows = leaves.slice(start, start + LEAVES_PER_STATEMENT).map((leaf, offset) => ({
        p: start + offset,
        u: leaf.userId,
        s: Buffer.from(leaf.salt).toString('hex'),
        b: formatAmount(leaf.balance),
      }));
      await this.db.query(
        `insert into liability_leaves (snapshot_id, currency_id, position, user_id, salt, balance)
         select $1, $2, p, u, s, b from json_to_recordset($3::json) as t(p int, u int, s text, b numeric)`,
        [snapshotId, currencyId, JSON.stringify(rows)],
      );
    }
  }

  async insertRoot(root: Omit<RootRow, 'currency'>): Promise<void> {
    await this.db.query(
      `insert into liability_roots (snapshot_id, currency_id, root_hash, total, leaf_count, users) values ($1, $2, $3, $4, $5, $6)`,
      [root.snapshot_id, root.currency_id, root.root_hash, root.total, root.leaf_count, root.users],
    );
  }

  async insertPlatform(snapshotId: number, accounts: { userId: number; account: string; currencyId: number; balance: bigint }[]): Promise<void> {
    if (accounts.length === 0) return;
    const rows = accounts.map((a) => ({ u: a.userId, a: a.account, c: a.currencyId, b: formatAmount(a.balance) }));
    await this.db.query(
      `insert into liability_platform_accounts (snapshot_id, user_id, account, currency_id, balance)
       select $1, u, a, c, b from json_to_recordset($2::json) as t(u int, a text, c int, b numeric)`,
      [snapshotId, JSON.stringify(rows)],
    );
  }

  /** Makes a built snapshot public; false if it already was (a second builder got there first). */
  async publish(snapshotId: number, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update liability_snapshots set status = 'published', published_at = $2 where id = $1 and status = 'building' returning id`,
      [snapshotId, at],
    );
    return rows.length === 1;
  }

  /** Snapshots newest first: the published ones, or (operators) all of them. */
  snapshots(request: PageRequest, publishedOnly: boolean): Promise<{ rows: SnapshotRow[]; total: number }> {
    const where = publishedOnly ? `where status = 'published'` : '';
    return pageOf(request, (limit, offset) =>
      this.db.query<SnapshotRow & { total: number }>(
        `select id::int as id, taken_at, cause, ledger_boundary::text, status, published_at, count(*) over ()::int as total
           from liability_snapshots ${where} order by id desc limit $1 offset $2`,
        [limit, offset],
      ),
    );
  }

  async snapshot(id: number): Promise<SnapshotRow | undefined> {
    const [row] = await this.db.query<SnapshotRow>(
      `select id::int as id, taken_at, cause, ledger_boundary::text, status, published_at from liability_snapshots where id = $1`,
      [id],
    );
    return row;
  }

  async roots(snapshotIds: readonly number[]): Promise<RootRow[]> {
    if (snapshotIds.length === 0) return [];
    return this.db.query(
      `select r.snapshot_id::int as snapshot_id, r.currency_id, c.name as currency, r.root_hash, r.total::text, r.leaf_count, r.users
         from liability_roots r join currencies c on c.id = r.currency_id
        where r.snapshot_id = any($1::bigint[]) order by r.snapshot_id desc, r.currency_id`,
      [snapshotIds],
    );
  }

  async platform(snapshotIds: readonly number[]): Promise<PlatformRow[]> {
    if (snapshotIds.length === 0) return [];
    return this.db.query(
      `select p.snapshot_id::int as snapshot_id, p.account, p.currency_id, c.name as currency, sum(p.balance)::text as balance
         from liability_platform_accounts p join currencies c on c.id = p.currency_id
        where p.snapshot_id = any($1::bigint[])
        group by p.snapshot_id, p.account, p.currency_id, c.name order by p.snapshot_id desc, p.account, p.currency_id`,
      [snapshotIds],
    );
  }

  /** A user's leaf in a snapshot's tree of a currency; undefined when they held none. */
  async leafOf(snapshotId: number, currencyId: number, userId: number): Promise<PositionedLeaf | undefined> {
    const [row] = await this.db.query<LeafRow>(
      `select position, user_id, salt, balance::text from liability_leaves where snapshot_id = $1 and user_id = $2 and currency_id = $3`,
      [snapshotId, userId, currencyId],
    );
    return row && leafFrom(row);
  }

  /** Every leaf of a snapshot's tree of a currency, in the tree's order. */
  async leaves(snapshotId: number, currencyId: number): Promise<PositionedLeaf[]> {
    const rows = await this.db.query<LeafRow>(
      `select position, user_id, salt, balance::text from liability_leaves where snapshot_id = $1 and currency_id = $2 order by position`,
      [snapshotId, currencyId],
    );
    return rows.map(leafFrom);
  }
}

interface LeafRow {
  position: number;
  user_id: number;
  salt: string;
  balance: string;
}

const leafFrom = (row: LeafRow): PositionedLeaf => ({ position: row.position, userId: row.user_id, salt: Buffer.from(row.salt, 'hex'), balance: parseAmount(row.balance) });
