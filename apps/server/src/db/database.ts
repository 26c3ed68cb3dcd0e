import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What repositories need: parameterised queries. Both PGlite and PostgreSQL speak the same SQL. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

// Bigint columns (counts, sums) come back as text from both drivers; ids we keep as integer columns.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openPglite(dataDir?: string): Promise<Database> {
  const lite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // PGlite runs one statement at a time; a queue keeps a transaction's statements together.
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await lite.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      return lite.transaction(async (tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, params as unknown[])).rows;
          },
        }),
      );
    },
    async exec(sql: string) {
      await lite.exec(sql);
    },
    async close() {
      await lite.close();
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Confines every connection to one schema: tests use a fresh schema each. */
  schema?: string;
  max?: number;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as Row[];
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
