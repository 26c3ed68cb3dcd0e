import type { Database, Queryable } from '../db/database';
import { formatAmount, parseAmount } from './amount';
import { keyOf, type Balance, type BalanceKey } from './balance-book';
import type { LedgerEntry } from './command-context';
import type { CoreTable } from './kind';
import type { Wallet } from './wallets';

/** One table's rows of a batch, in the order the kind staged them. */
export interface TableRows {
  table: CoreTable<unknown>;
  rows: unknown[];
}

export interface BatchWrite {
  entries: (LedgerEntry & { idempotencyKey: string })[];
  balances: (BalanceKey & Balance)[];
  commands: { key: string; kind: string }[];
  /** every kind's rows, in registration order */
  tables: TableRows[];
  /** the batch's number, written with it (`core_batch_sequence`): one more than the last durable batch's */
  sequence?: number;
}

/**
 * The core's own persistence: balances, command keys, the fee account, and the batch statement.
 * Each kind of state loads its own rows and names its own table statements (its `repository.ts`).
 * Nothing else writes these tables.
 */
export class CoreRepository {
  constructor(readonly db: Database) {}

  async loadBalances(db: Queryable = this.db): Promise<Map<string, Balance>> {
    const rows = await db.query<{ user_id: number; currency_id: number; wallet: Wallet; available: string; locked: string }>(
      'select user_id, currency_id, wallet, available::text, locked::text from balances',
    );
    return new Map(
      rows.map((row) => [
        keyOf({ userId: row.user_id, currencyId: row.currency_id, wallet: row.wallet }),
        { available: parseAmount(row.available), locked: parseAmount(row.locked) },
      ]),
    );
  }

  /** The account that collects trading and withdrawal fees; 0 before the seed made one. */
  async loadFeeAccount(db: Queryable = this.db): Promise<number> {
    const [fee] = await db.query<{ id: number }>(`select id from users where kind = 'fee' order by id limit 1`);
    return fee?.id ?? 0;
  }

  /** The number of the last durable batch: the state in the database is the state after it. */
  async loadSequence(db: Queryable = this.db): Promise<number> {
    const [row] = await db.query<{ sequence: string }>('select sequence::text from core_batch_sequence where id = 1');
    return Number(row?.sequence ?? 0);
  }

  /**
   * Runs `read` in one read-only repeatable-read transaction: every statement sees the same
   * snapshot, whatever the core commits meanwhile (a gateway's copy loads in one).
   */
  inSnapshot<T>(read: (db: Queryable) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      return read(tx);
    });
  }

  /** A write that moves no money (readiness after failed writes): one row, rewritten. */
  async probeWrite(): Promise<void> {
    await this.db.queryPrepared(`insert into core_write_probe (id, written_at) values (1, now()) on conflict (id) do update set written_at = excluded.written_at`);
  }

  /** Which of these keys are durable already: the primary key of `core_commands` answers, whatever its size. */
  async findCommandKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.query<{ idempotency_key: string }>(
      'select idempotency_key from core_commands where idempotency_key = any($1::text[])',
      [keys],
    );
    return new Set(rows.map((row) => row.idempotency_key));
  }

  /**
   * The whole batch in ONE statement: data-modifying CTEs, each fed by one JSON parameter of its
   * rows (`json_to_recordset`), so a batch costs one round trip whatever its size, and a single
   * statement is atomic without BEGIN and COMMIT. Either all of it is durable, or none of it.
   * (JSON rather than one array per column: V8 writes it natively, where array parameters are
   * escaped element by element.)
   */
  async writeBatch(batch: BatchWrite): Promise<void> {
    const params: string[] = [];
    const rows = (values: object[], columns: string) => `json_to_recordset($${params.push(JSON.stringify(values))}::json) as t(${columns})`;
    const parts: string[] = [];
    if (batch.commands.length > 0) {
      parts.push(`insert into core_commands (idempotency_key, kind)
        select k, kind from ${rows(batch.commands.map((c) => ({ k: c.key, kind: c.kind })), 'k text, kind text')}`);
    }
    if (batch.entries.length > 0) {
      const entries = batch.entries.map((x) => ({
        u: x.userId,
        c: x.currencyId,
        w: x.wallet,
        a: formatAmount(x.deltaAvailable),
        l: formatAmount(x.deltaLocked),
        r: x.reason,
        ref: x.reference,
        k: x.idempotencyKey,
      }));
      parts.push(`insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
        select u, c, w, a, l, r, ref, k from ${rows(entries, 'u int, c int, w text, a numeric, l numeric, r text, ref text, k text')}`);
    }
    if (batch.balances.length > 0) {
      const balances = batch.balances.map((x) => ({ u: x.userId, c: x.currencyId, w: x.wallet, a: formatAmount(x.available), l: formatAmount(x.locked) }));
      // the core knows the resulting balance: it writes the value, not an increment
      parts.push(`insert into balances (user_id, currency_id, wallet, available, locked, updated_at)
        select u, c, w, a, l, now() from ${rows(balances, 'u int, c int, w text, a numeric, l numeric')}
        on conflict (user_id, currency_id, wallet) do update
          set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at`);
    }
    for (const { table, rows: tableRows } of batch.tables) {
      if (tableRows.length > 0) parts.push(table.statement(rows, tableRows));
    }
    if (parts.length > 0 && batch.sequence !== undefined) {
      parts.push(`update core_batch_sequence set sequence = $${params.push(String(batch.sequence))}::bigint where id = 1`);
    }
    if (parts.length === 0) return;
    const ctes = parts.map((part, index) => `w${index} as (${part})`).join(',\n');
    await this.db.queryPrepared(`with ${ctes} select 1`, params);
  }
}
