import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { createTestDatabase, type DatabaseKind } from './test-app';

export const CLUSTER_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const CLUSTER_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a TCP server answers at the URL's host and port within a second. */
export function answers(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || defaultPort) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Why the cluster tests cannot run here, or undefined when NATS and Redis both answer. */
export async function clusterUnavailable(): Promise<string | undefined> {
  const [nats, redis] = await Promise.all([answers(CLUSTER_NATS_URL, 4222), answers(CLUSTER_REDIS_URL, 6379)]);
  if (nats && redis) return undefined;
  return `cluster tests skipped: ${[nats ? '' : `NATS does not answer at ${CLUSTER_NATS_URL}`, redis ? '' : `Redis does not answer at ${CLUSTER_REDIS_URL}`].filter(Boolean).join(', ')}`;
}

export interface ClusterProcess extends App {
  base: string;
}

export interface TestCluster {
  db: Database;
  core: ClusterProcess;
  gateways: ClusterProcess[];
  close(): Promise<void>;
}

/**
 * One core and `gateways` gateways on one fresh database, the local NATS and Redis, under a
 * cluster name of their own (so runs never hear each other), each listening on a port of its own.
 */
export async function startCluster(kind: DatabaseKind, gateways = 2): Promise<TestCluster> {
  const db = await createTestDatabase(kind);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-cluster-'));
  const cluster = `test-${randomBytes(4).toString('hex')}`;
  const settings = (role: string) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MARKET_MAKERS: 'off',
      DATA_DIR: dataDir,
      ROLE: role,
      NATS_URL: CLUSTER_NATS_URL,
      REDIS_URL: CLUSTER_REDIS_URL,
      CLUSTER_NAME: cluster,
    });
  await prepareDatabase(db, settings('core'));
  const listen = async (role: string): Promise<ClusterProcess> => {
    const app = await buildApp({ config: settings(role), db });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    return { ...app, base: `http://127.0.0.1:${(app.http.server.address() as AddressInfo).port}` };
  };
  const core = await listen('core');
  const started: ClusterProcess[] = [];
  for (let index = 0; index < gateways; index += 1) started.push(await listen('gateway'));
  return {
    db,
    core,
    gateways: started,
    async close() {
      for (const process of [...started, core]) await process.http.close();
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
