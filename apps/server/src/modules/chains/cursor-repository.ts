import type { Database, Queryable } from '../../db/database';

export interface ChainCursor {
  /** the last block read (-1: none yet) */
  height: number;
  /** its hash ('' when none) */
  hash: string;
}

/** How many recent block hashes a watcher keeps to find a fork point. */
export const KEPT_BLOCK_HASHES = 256;

/** The durable cursors of the chain watchers and the hashes of their last blocks read. */
export class ChainCursorRepository {
  constructor(private readonly db: Queryable & Pick<Database, 'transaction'>) {}

  async get(watcher: string): Promise<ChainCursor | undefined> {
    const [row] = await this.db.query<{ height: string | number; block_hash: string }>(
      'select height::text as height, block_hash from chain_cursors where watcher = $1',
      [watcher],
    );
    return row ? { height: Number(row.height), hash: row.block_hash } : undefined;
  }

  /** Moves the cursor to the last of `blocks` (read in order), remembering their hashes. */
  async advance(watcher: string, blocks: readonly ChainCursor[]): Promise<void> {
    const last = blocks.at(-1);
    if (!last) return;
    await this.db.transaction(async (tx) => {
      for (const block of blocks) {
        await tx.query(
          `insert into chain_cursor_blocks (watcher, height, block_hash) values ($1, $2, $3)
           on conflict (watcher, height) do update set block_hash = excluded.block_hash`,
          [watcher, block.height, block.hash],
        );
      }
      await tx.query('delete from chain_cursor_blocks where watcher = $1 and height <= $2', [watcher, last.height - KEPT_BLOCK_HASHES]);
      await this.write(tx, watcher, last);
    });
  }

  /** Sets the cursor back to a fork point: the hashes above it are forgotten. */
  async rewind(watcher: string, to: ChainCursor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('delete from chain_cursor_blocks where watcher = $1 and height > $2', [watcher, to.height]);
      await this.write(tx, watcher, to);
    });
  }

  /** The kept hashes at or below `height`, highest first. */
  recent(watcher: string, height: number): Promise<ChainCursor[]> {
    return this.db
      .query<{ height: string | number; block_hash: string }>(
        'select height::text as height, block_hash from chain_cursor_blocks where watcher = $1 and height <= $2 order by height desc',
        [watcher, height],
      )
      .then((rows) => rows.map((row) => ({ height: Number(row.height), hash: row.block_hash })));
  }

  private async write(tx: Queryable, watcher: string, cursor: ChainCursor): Promise<void> {
    await tx.query(
      `insert into chain_cursors (watcher, height, block_hash, updated_at) values ($1, $2, $3, now())
       on conflict (watcher) do update set height = excluded.height, block_hash = excluded.block_hash, updated_at = now()`,
      [watcher, cursor.height, cursor.hash],
    );
  }
}

/** The derived deposit addresses of one network, as a set to test outputs against. */
export class WatchedAddresses {
  private known = new Set<string>();
  private count = -1;

  constructor(
    private readonly db: Queryable,
    private readonly network: string,
    /** how the network compares addresses (ERC-20: without the checksum case) */
    private readonly normalise: (address: string) => string = (address) => address,
  ) {}

  /** The current set: read again whenever addresses were added since the last call. */
  async current(): Promise<ReadonlySet<string>> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from deposit_addresses where network = $1', [this.network]);
    const count = row?.n ?? 0;
    if (count !== this.count) {
      const rows = await this.db.query<{ address: string }>('select address from deposit_addresses where network = $1', [this.network]);
      this.known = new Set(rows.map((address) => this.normalise(address.address)));
      this.count = count;
    }
    return this.known;
  }

  has(address: string): boolean {
    return this.known.has(this.normalise(address));
  }
}
