import type { Queryable } from '../../src/db/database';

/** Every table of the test's schema (PGlite's `public`, or the PostgreSQL schema of the test file). */
export async function tableNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * Columns every authenticated request may write, which a fingerprint leaves out: a session's
 * last use (written at most once a minute by any call the session makes) is bookkeeping, not a
 * change the call made.
 */
const BOOKKEEPING_COLUMNS = ['last_seen_at'];

/**
 * Rows the server writes on its own while a test runs, which a fingerprint leaves out: the index
 * feed records a tick of every followed pair every few seconds, through the core, whatever the
 * test's calls do.
 */
const BACKGROUND_ROWS: Record<string, string> = {
  index_rounds: 'false',
  index_pairs: 'false',
  core_commands: "kind <> 'index_tick'",
  // every batch numbers itself, an index tick's too
  core_batch_sequence: 'false',
};

/**
 * A fingerprint of the tables' whole contents (row count and a hash of every row), to prove that
 * a call wrote nothing: equal fingerprints before and after, nothing was inserted, updated or deleted.
 */
export async function databaseFingerprint(db: Queryable, tables?: readonly string[]): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  const kept = `(to_jsonb(t) - array[${BOOKKEEPING_COLUMNS.map((column) => `'${column}'`).join(', ')}]::text[])::text`;
  for (const table of tables ?? (await tableNames(db))) {
    const [row] = await db.query<{ rows: number; hash: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(${kept}, '|' order by ${kept})), '') as hash from "${table}" t where ${BACKGROUND_ROWS[table] ?? 'true'}`,
    );
    fingerprint[table] = `${row?.rows ?? 0} rows ${row?.hash ?? ''}`;
  }
  return fingerprint;
}

export interface MoneySnapshot {
  balances: string[];
  ledger: string[];
}

/** Every balance row, and the ledger's entry count and totals per currency and wallet. */
export async function moneySnapshot(db: Queryable): Promise<MoneySnapshot> {
  const balances = await db.query<{ row: string }>(
    `select concat_ws(' ', user_id, currency_id, wallet, available::text, locked::text) as row
       from balances order by user_id, currency_id, wallet`,
  );
  const ledger = await db.query<{ row: string }>(
    `select concat_ws(' ', currency_id, wallet, count(*), sum(delta_available)::text, sum(delta_locked)::text) as row
       from ledger_entries group by currency_id, wallet order by currency_id, wallet`,
  );
  return { balances: balances.map((item) => item.row), ledger: ledger.map((item) => item.row) };
}
