// CPU time the processes of a benchmark spend, read from /proc: a figure that does not depend on
// what else the machine runs, unlike throughput, so a loaded machine still shows where the work goes.
import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** Linux counts a process's CPU time in ticks of 1/100 s (`getconf CLK_TCK`). */
const TICK_MS = 10;

/** User plus system CPU milliseconds of one process so far; 0 when it is gone or /proc is absent. */
export async function cpuMsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces: the fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The server processes of the PostgreSQL database in `url` (one per connection) at this moment. */
export async function databaseBackends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** A named group of processes whose CPU time is summed. */
export interface CpuGroup {
  name: string;
  pids: () => Promise<number[]>;
}

/**
 * Measures `run`, returning what each group's processes spent meanwhile, in CPU ms. The bench's own
 * process is read with `process.cpuUsage` (its worker threads included).
 */
export async function cpuDuring<T>(groups: readonly CpuGroup[], run: () => Promise<T>): Promise<{ result: T; cpuMs: Map<string, number> }> {
  const pidsOf = await Promise.all(groups.map((group) => group.pids()));
  const sum = async (pids: number[]) => (await Promise.all(pids.map(cpuMsOf))).reduce((a, b) => a + b, 0);
  const before = await Promise.all(pidsOf.map(sum));
  const ownBefore = process.cpuUsage();
  const result = await run();
  const own = process.cpuUsage(ownBefore);
  const after = await Promise.all(pidsOf.map(sum));
  const cpuMs = new Map<string, number>();
  groups.forEach((group, index) => cpuMs.set(group.name, (after[index] ?? 0) - (before[index] ?? 0)));
  cpuMs.set('bench client', (own.user + own.system) / 1000);
  return { result, cpuMs };
}
