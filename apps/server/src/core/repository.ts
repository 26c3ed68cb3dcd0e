import type { Database, Queryable } from '../db/database';
import { formatAmount, parseAmount } from './amount';
import { keyOf, type Balance, type BalanceKey } from './balance-book';
import type { LedgerEntry } from './command-context';
import type { Wallet } from './wallets';

export interface BatchWrite {
  entries: (LedgerEntry & { idempotencyKey: string })[];
  balances: (BalanceKey & Balance)[];
  commands: { key: string; kind: string }[];
}

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

/** The core's persistence: what it loads at start and writes per batch. Nothing else writes these tables. */
export class CoreRepository {
  constructor(private readonly db: Database) {}

  async loadBalances(): Promise<Map<string, Balance>> {
    const rows = await this.db.query<{ user_id: number; currency_id: number; wallet: Wallet; available: string; locked: string }>(
      'select user_id, currency_id, wallet, available::text, locked::text from balances',
    );
    return new Map(
      rows.map((row) => [
        keyOf({ userId: row.user_id, currencyId: row.currency_id, wallet: row.wallet }),
        { available: parseAmount(row.available), locked: parseAmount(row.locked) },
      ]),
    );
  }

  async loadCommandKeys(): Promise<Set<string>> {
    const rows = await this.db.query<{ idempotency_key: string }>('select idempotency_key from core_commands');
    return new Set(rows.map((row) => row.idempotency_key));
  }

  /** One transaction for the whole batch: all of it is durable, or none of it. */
  async writeBatch(batch: BatchWrite): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < batch.commands.length; start += CHUNK) {
        await insertRows(tx, 'core_commands', ['idempotency_key', 'kind'], batch.commands.slice(start, start + CHUNK).map((c) => [c.key, c.kind]));
      }
      for (let start = 0; start < batch.entries.length; start += CHUNK) {
        await insertRows(
          tx,
          'ledger_entries',
          ['user_id', 'currency_id', 'wallet', 'delta_available', 'delta_locked', 'reason', 'reference', 'idempotency_key'],
          batch.entries
            .slice(start, start + CHUNK)
            .map((e) => [e.userId, e.currencyId, e.wallet, formatAmount(e.deltaAvailable), formatAmount(e.deltaLocked), e.reason, e.reference, e.idempotencyKey]),
        );
      }
      for (let start = 0; start < batch.balances.length; start += CHUNK) {
        await upsertBalances(tx, batch.balances.slice(start, start + CHUNK));
      }
    });
  }
}

async function insertRows(tx: Queryable, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
  await tx.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
}

/** The core knows the resulting balance: it writes the value, not an increment. */
async function upsertBalances(tx: Queryable, balances: (BalanceKey & Balance)[]): Promise<void> {
  if (balances.length === 0) return;
  const params: unknown[] = [];
  const tuples = balances.map(
    (b) =>
      `($${params.push(b.userId)}, $${params.push(b.currencyId)}, $${params.push(b.wallet)}, $${params.push(formatAmount(b.available))}::numeric, $${params.push(formatAmount(b.locked))}::numeric, now())`,
  );
  await tx.query(
    `insert into balances (user_id, currency_id, wallet, available, locked, updated_at) values ${tuples.join(', ')}
     on conflict (user_id, currency_id, wallet) do update
       set available = excluded.available, locked = excluded.locked, updated_at = excluded.updated_at`,
    params,
  );
}
