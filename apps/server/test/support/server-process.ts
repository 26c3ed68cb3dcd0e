import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown code runs, as in a power cut */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown */
  stop(): Promise<void>;
}

/**
 * The options `npm start` gives Node.js (`node <options> src/main.ts` in the server's package.json),
 * read from there so a server started here runs as a deployed one does.
 */
function startOptions(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } };
  const words = manifest.scripts.start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'src/main.ts') throw new Error(`the server's start script is not "node <options> src/main.ts": ${manifest.scripts.start}`);
  return words.slice(1, -1);
}
const START_OPTIONS = startOptions();

/** The real server as `npm start` runs it, in a process of its own. */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeArgs, ...START_OPTIONS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', MARKET_MAKERS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    // a loaded machine may need longer: SERVER_START_TIMEOUT_MS
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), Number(process.env.SERVER_START_TIMEOUT_MS ?? 90_000));
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\w.]+:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const ended = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  return { url, child, kill: ended('SIGKILL'), stop: ended('SIGTERM') };
}

/** A form-encoded API call against a running server. */
export async function call<T = unknown>(url: string, pathName: string, fields: Record<string, string | number>, token?: string) {
  const response = await fetch(`${url}/api/${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)])).toString(),
  });
  return (await response.json()) as { type: string; message: T; order_id?: number };
}

export async function operatorJson<T = unknown>(url: string, method: string, pathName: string, token: string | undefined, body?: object) {
  const response = await fetch(`${url}/admin/api${pathName}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}
