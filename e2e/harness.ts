import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/support/server-process';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as `npm start` runs it (minus the web build, which the test command does
 * once), on a free port with a fresh embedded database seeded with demo data. Market makers stay
 * off unless a test asks: pages then show only what the test did.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run "npm run build" first');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-e2e-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the @sparticuz/chromium package. */
export async function chromiumExecutable(): Promise<string> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const packaged = (await import('@sparticuz/chromium')).default;
  return packaged.executablePath();
}

// The flags keep a root, headless, offline Chromium from reaching for the network or a sandbox.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-setuid-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumExecutable(), args: CHROMIUM_FLAGS, headless: true });
}
