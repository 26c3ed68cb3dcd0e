// CPU time the processes of a benchmark spend, read from /proc: a figure that does not depend on
// what else the machine runs, unlike throughput, so a loaded machine still shows where the work goes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second in /proc (USER_HZ): 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process used so far (user + system), from /proc; 0 when it is gone or not Linux. */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name in parentheses may hold spaces: the fields count from after it
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine spent busy so far (every state but idle and iowait), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...values] = line.trim().split(/\s+/);
    const ticks = values.map(Number);
    const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The processes of this machine named exactly `name` (`pgrep -x`); none when pgrep finds none or is missing. */
export function processesNamed(name: string): number[] {
  try {
    return execFileSync('pgrep', ['-x', name], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
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
  // per process: a process that starts meanwhile (a pool's new connection) counts from zero, and
  // one that ends meanwhile is left out rather than counted backwards
  const cpuOf = async (group: CpuGroup) => new Map((await group.pids()).map((pid) => [pid, processCpuSeconds(pid) * 1000]));
  const before = await Promise.all(groups.map(cpuOf));
  const ownBefore = process.cpuUsage();
  const result = await run();
  const own = process.cpuUsage(ownBefore);
  const after = await Promise.all(groups.map(cpuOf));
  const cpuMs = new Map<string, number>();
  groups.forEach((group, index) => {
    let spent = 0;
    for (const [pid, ms] of after[index] ?? []) spent += ms - (before[index]?.get(pid) ?? 0);
    cpuMs.set(group.name, spent);
  });
  cpuMs.set('bench client', (own.user + own.system) / 1000);
  return { result, cpuMs };
}
