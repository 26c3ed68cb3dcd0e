import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { claimLockFile } from './lock-file';

/** What repositories need: parameterised queries. Both PGlite and PostgreSQL speak the same SQL. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The same as `query`, for a statement run over and over (the core's batch write): PostgreSQL
   * parses and plans it once per connection and then reuses the plan.
   */
  queryPrepared<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Makes this process the only writer of the database's money (decision 0005): a second server
   * on the same database would run a second core. Throws when another process holds it; the
   * claim ends with `close()` or with the process. The embedded database is claimed already when
   * it opens (`openPglite`), since opening it writes; claiming again is a no-op.
   */
  claimWriter(): Promise<void>;
  /**
   * Told when the session holding the writer claim is lost (PostgreSQL: its connection ended, so
   * its advisory lock is released and another process may claim it). Without a listener the
   * process ends at once.
   */
  onWriterLost?(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export const WRITER_TAKEN = 'another server process already runs the core on this database';

// Bigint columns (counts, sums) come back as text from both drivers; ids we keep as integer columns.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * The embedded database, in memory or in `dataDir`. A data directory is claimed with its lock file
 * BEFORE it is opened: opening runs recovery and writes, so a second process on the same directory
 * is refused without touching a byte of it. The claim ends with `close()` or with the process.
 */
/** The embedded database: a Database whose whole content can also be dumped, for another to start from. */
export interface PgliteDatabase extends Database {
  /** the data directory as one archive (`openPglite`'s `startFrom`) */
  dump(): Promise<Blob>;
}

export async function openPglite(dataDir?: string, options: { startFrom?: Blob } = {}): Promise<PgliteDatabase> {
  // an in-memory database belongs to this process alone
  const release = dataDir ? await claimLockFile(`${dataDir}.lock`, WRITER_TAKEN) : undefined;
  let lite: PGlite;
  try {
    // `startFrom`: a dump of another database (`dump()`) to start from, not an empty one (tests start from a migrated one)
    const loadDataDir = options.startFrom ? { loadDataDir: options.startFrom } : {};
    lite = dataDir ? await PGlite.create(dataDir, loadDataDir) : await PGlite.create(loadDataDir);
  } catch (error) {
    await release?.();
    throw error;
  }
  // PGlite runs one statement at a time; a queue keeps a transaction's statements together.
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await lite.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async queryPrepared<Row>(sql: string, params: readonly unknown[] = []) {
      return (await lite.query<Row>(sql, params as unknown[])).rows;
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
    async claimWriter() {
      // claimed at open
    },
    async close() {
      await lite.close();
      await release?.();
    },
    dump: () => lite.dumpDataDir('none'),
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** Confines every connection to one schema: tests use a fresh schema each. */
  schema?: string;
  max?: number;
  /** `application_name` of the pool's connections (the writer lock's adds `:writer`) */
  applicationName?: string;
  /** told when a connection is lost (idle or busy); the pool opens a new one for the next query */
  onConnectionError?: (error: Error) => void;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const applicationName = options.applicationName ?? 'tessera';
  const connection = {
    connectionString: options.connectionString,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, application_name: applicationName, max: options.max ?? 10 });
  // A lost connection (a PostgreSQL restart, a failover, a proxy's idle cut, a terminated backend)
  // must never end the process: an idle one is reported here and dropped by the pool; a busy one
  // also fails the query it carried, which its caller sees (the core fails that batch and reloads).
  const onConnectionError = options.onConnectionError ?? ((error: Error) => console.error('a database connection was lost; the pool opens a new one', error.message));
  pool.on('error', (error) => onConnectionError(error));
  pool.on('connect', (client) => client.on('error', (error) => onConnectionError(error)));
  await pool.query('select 1');
  // the advisory lock lives as long as this session: its own connection, outside the pool
  let writer: pg.Client | undefined;
  /** names of prepared statements by their text: a connection prepares each name once */
  const statementNames = new Map<string, string>();
  const writerLost: ((error: Error) => void)[] = [];
  return {
    kind: 'postgres',
    onWriterLost(listener) {
      writerLost.push(listener);
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async queryPrepared<Row>(sql: string, params: readonly unknown[] = []) {
      let name = statementNames.get(sql);
      if (!name) {
        name = `s${statementNames.size + 1}`;
        statementNames.set(sql, name);
      }
      const result = await pool.query({ name, text: sql, values: params as unknown[] });
      return result.rows as Row[];
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      /** set when the connection itself failed: the pool must not hand it out again */
      let broken: Error | undefined;
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
        await client.query('rollback').catch((lost: unknown) => {
          broken = lost instanceof Error ? lost : new Error(String(lost));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async claimWriter() {
      if (writer) return;
      const client = new pg.Client({ ...connection, application_name: `${applicationName}:writer` });
      await client.connect();
      // one lock per schema: tests give every file a schema of its own on one database
      const { rows } = await client.query<{ taken: boolean }>(
        `select pg_try_advisory_lock(hashtext('tessera-core:' || current_schema())) as taken`,
      );
      if (!rows[0]?.taken) {
        await client.end();
        throw new Error(WRITER_TAKEN);
      }
      // a lost session loses the lock: stop rather than write beside another core
      client.on('error', (error) => {
        if (writer !== client) return;
        if (writerLost.length === 0) {
          console.error('the core lock connection failed; stopping', error);
          process.exit(1);
        }
        for (const listener of writerLost) listener(error);
      });
      writer = client;
    },
    async close() {
      await writer?.end();
      writer = undefined;
      await pool.end();
    },
  };
}
