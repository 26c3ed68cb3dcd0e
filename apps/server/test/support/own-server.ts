import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { answers } from './cluster';
import { freePort } from './free-port';

/** Why the binary cannot be run here, or undefined when it can. */
export async function binaryMissing(bin: string, setting: string): Promise<string | undefined> {
  try {
    await access(bin);
    return undefined;
  } catch {
    return `no ${bin} (${setting})`;
  }
}

export interface OwnServer {
  url: string;
  /** SIGKILL: the server is gone at once, as in a crash */
  kill(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
}

/**
 * A server of the test's own (NATS, Redis) on a free port of 127.0.0.1, so that stopping it
 * touches no other test (they use the machine's).
 */
export async function startOwnServer(name: string, bin: string, args: (port: number) => string[], url: (port: number) => string): Promise<OwnServer> {
  const port = await freePort();
  const address = url(port);
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(bin, args(port), { stdio: 'ignore' });
    const end = Date.now() + 10_000;
    while (!(await answers(address, port))) {
      if (child.exitCode !== null || Date.now() > end) throw new Error(`${name} did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: address, kill, start };
}
