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

/**
 * An exclusive lock as a file holding the owner's pid. A file left by a process that died (a
 * crash, SIGKILL) is taken over; one whose process still runs is refused with `takenMessage`.
 * Answers the release.
 */
export async function claimLockFile(file: string, takenMessage: string): Promise<() => Promise<void>> {
  if (held.has(file)) throw new Error(takenMessage);
  if (!(await create(file))) {
    const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) throw new Error(takenMessage);
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
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
