import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/database';
import { answers, CLUSTER_REDIS_URL } from './cluster';
import { natsServerMissing, startNatsServer, type NatsServer } from './nats-server';
import { processDatabase, type ProcessDatabase } from './process-database';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * Why a cluster of processes cannot run here, or undefined: its processes share one PostgreSQL
 * database (TEST_DATABASE_URL; PGlite belongs to one process), Redis, and a NATS server of its own.
 */
export async function processClusterUnavailable(): Promise<string | undefined> {
  const reasons: string[] = [];
  const postgres = process.env.TEST_DATABASE_URL;
  if (!postgres) reasons.push('TEST_DATABASE_URL is not set');
  else if (!(await answers(postgres, 5432))) reasons.push(`PostgreSQL does not answer at ${new URL(postgres).host}`);
  if (!(await answers(CLUSTER_REDIS_URL, 6379))) reasons.push(`Redis does not answer at ${CLUSTER_REDIS_URL}`);
  const nats = await natsServerMissing();
  if (nats) reasons.push(nats);
  return reasons.length === 0 ? undefined : `cluster fault tests skipped: ${reasons.join(', ')}`;
}

export interface ProcessCluster {
  /** CLUSTER_NAME: the prefix of its NATS subjects and Redis keys */
  name: string;
  nats: NatsServer;
  core: ServerProcess;
  gateways: ServerProcess[];
  /** the core process again, after it was killed */
  restartCore(): Promise<ServerProcess>;
  /** gateway `index` again, after it was killed */
  restartGateway(index: number): Promise<ServerProcess>;
  /** the cluster's database, opened by the test */
  open(): Promise<Database>;
  close(): Promise<void>;
}

/**
 * One core process and `gateways` gateway processes of the real server entry (main.ts), on a
 * PostgreSQL database of their own, Redis, and a NATS server of their own, under a cluster name
 * of their own. `env` is added to every process's settings (COMMAND_PATIENCE_MS, say).
 */
export async function startProcessCluster(gateways: number, env: Record<string, string> = {}): Promise<ProcessCluster> {
  const nats = await startNatsServer();
  let database: ProcessDatabase | undefined;
  const started: ServerProcess[] = [];
  try {
    database = await processDatabase('postgres', 'faults');
    const name = `faults-${randomBytes(4).toString('hex')}`;
    const shared = {
      ...database.env,
      NATS_URL: nats.url,
      REDIS_URL: CLUSTER_REDIS_URL,
      CLUSTER_NAME: name,
      // every client of a test comes from 127.0.0.1: the per-address limit would stop the load
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    };
    const core = () => startServerProcess({ ...shared, ROLE: 'core' });
    const gateway = () => startServerProcess({ ...shared, ROLE: 'gateway' });
    // the core first: it claims the database and migrates it
    const cluster: ProcessCluster = {
      name,
      nats,
      core: await core(),
      gateways: [],
      async restartCore() {
        await cluster.core.kill();
        cluster.core = await core();
        return cluster.core;
      },
      async restartGateway(index) {
        await cluster.gateways[index]?.kill();
        const again = await gateway();
        cluster.gateways[index] = again;
        return again;
      },
      open: () => (database as ProcessDatabase).open(),
      async close() {
        await Promise.all([...cluster.gateways, cluster.core].map((server) => server.kill()));
        await nats.kill();
        await database?.cleanup();
      },
    };
    started.push(cluster.core);
    const gatewaysStarted = await Promise.allSettled(Array.from({ length: gateways }, () => gateway()));
    for (const outcome of gatewaysStarted) if (outcome.status === 'fulfilled') started.push(outcome.value);
    for (const outcome of gatewaysStarted) if (outcome.status === 'rejected') throw outcome.reason;
    cluster.gateways = started.slice(1);
    return cluster;
  } catch (error) {
    await Promise.all(started.map((server) => server.kill()));
    await nats.kill();
    await database?.cleanup();
    throw error;
  }
}
