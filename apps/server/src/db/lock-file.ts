import { open, readFile, unlink } from 'node:fs/promises';

/** Lock files this process holds: a second claim in the same process is refused too. */
const held = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started (clock ticks since boot, Linux `/proc`), or undefined where unknown. */
async function startTimeOf(pid: number | 'self'): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  // the fields after the command name (which may hold spaces): the 22nd field is the start time
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/**
 * Whether the live process `pid` is the one that wrote the lock: a pid is reused once its process
 * ends, so a stale lock may name another live program. The lock records its owner's start time;
 * an older lock (pid alone) is taken for ours only when that process runs Node.
 */
async function isOwner(pid: number, recordedStart: string | undefined): Promise<boolean> {
  const start = await startTimeOf(pid);
  if (recordedStart !== undefined && start !== undefined) return start === recordedStart;
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  // no /proc (not Linux): the pid alone decides, as before
  return commandLine === undefined || /node|tsx|tessera/i.test(commandLine);
}

/**
 * An exclusive lock as a file holding the owner's pid (and its start time, where known). A file left by a process that died (a
 * crash, SIGKILL) is taken over; one whose process still runs is refused with `takenMessage`.
 * Answers the release.
 */
export async function claimLockFile(file: string, takenMessage: string): Promise<() => Promise<void>> {
  if (held.has(file)) throw new Error(takenMessage);
  if (!(await create(file))) {
    const [pidText, recordedStart] = (await readFile(file, 'utf8').catch(() => '')).trim().split(/\s+/);
    const owner = Number(pidText);
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner) && (await isOwner(owner, recordedStart))) throw new Error(takenMessage);
    // a stale lock: remove it and take the file exclusively, so that of two starting processes one wins
    await unlink(file).catch(() => undefined);
    if (!(await create(file))) throw new Error(takenMessage);
  }
  held.add(file);
  return async () => {
    held.delete(file);
    await unlink(file).catch(() => undefined);
  };
}

/** Creates the file with our pid; false when it exists already. */
async function create(file: string): Promise<boolean> {
  try {
    const handle = await open(file, 'wx');
    const start = await startTimeOf('self');
    await handle.writeFile(start === undefined ? String(process.pid) : `${process.pid} ${start}`);
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
