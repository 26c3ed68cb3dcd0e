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
