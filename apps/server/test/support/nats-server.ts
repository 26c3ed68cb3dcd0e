import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { freePort } from './free-port';
import { answers } from './cluster';

/** The nats-server binary the fault tests start their own NATS with (NATS_SERVER_BIN). */
export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export async function natsServerMissing(): Promise<string | undefined> {
  try {
    await access(NATS_SERVER_BIN);
    return undefined;
  } catch {
    return `no nats-server at ${NATS_SERVER_BIN} (NATS_SERVER_BIN)`;
  }
}

export interface NatsServer {
  url: string;
  /** SIGKILL: the server is gone at once, as in a crash */
  kill(): Promise<void>;
  /** starts it again on the same port */
  start(): Promise<void>;
}

/**
 * A NATS server of the test's own on a free port of 127.0.0.1, so that stopping it touches no
 * other test (they use the machine's NATS).
 */
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  const url = `nats://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    const end = Date.now() + 10_000;
    while (!(await answers(url, port))) {
      if (child.exitCode !== null || Date.now() > end) throw new Error(`nats-server did not start on port ${port}`);
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
  return { url, kill, start };
}
