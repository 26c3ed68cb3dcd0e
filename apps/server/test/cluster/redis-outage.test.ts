import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LIMIT_FLUSH_MS } from '../../src/cluster/shared-rate-limit';
import type { OwnServer } from '../support/own-server';
import { redisServerMissing, startRedisServer } from '../support/redis-server';
import { keyOnlyBot, signedCall } from '../support/signed-api';
import { until } from '../support/socket-client';
import { createTestApp, type TestApp } from '../support/test-app';

const missing = await redisServerMissing();
if (missing) console.warn(missing);

const LIMIT = 6;
const CLUSTER = `limits${process.pid}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The rate limits gateways share are counted in Redis: each process adds its counts every
 * SHARED_LIMIT_FLUSH_MS and learns the total. Two processes share one limit; losing Redis does not
 * stop the API (each process goes on counting on top of the last total it knew), and the counts go
 * to Redis again once it is back.
 */
describe.skipIf(missing !== undefined)('rate limits shared in Redis', () => {
  let redis: OwnServer;
  let gatewayA: TestApp;
  let gatewayB: TestApp;
  let reader: Redis;
  /** the old API's limit is per address: each test sends from an address of its own */
  const quotation = async (app: TestApp, remoteAddress: string) => (await app.http.inject({ method: 'GET', url: '/api/currency/quotation_new', remoteAddress })).statusCode;
  const countIn = async (key: string) => Number((await reader.get(key).catch(() => null)) ?? 0);
  const apiCount = (address: string) => countIn(`${CLUSTER}-rl-api-${address}`);
  const statuses = async (app: TestApp, address: string, requests: number) => {
    const answered: number[] = [];
    for (let request = 0; request < requests; request += 1) answered.push(await quotation(app, address));
    return answered;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, CLUSTER_NAME: CLUSTER, RATE_LIMIT_PER_MINUTE: String(LIMIT) };
    gatewayA = await createTestApp('pglite', { env });
    gatewayB = await createTestApp('pglite', { env });
    reader = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    reader.on('error', () => {});
    await reader.connect();
  }, 120_000);
  afterAll(async () => {
    reader.disconnect();
    await gatewayA.close();
    await gatewayB.close();
    await redis.kill();
  });

  it('counts one limit for a client across two processes', async () => {
    const address = '198.51.100.1';
    expect(await statuses(gatewayA, address, 4)).toEqual([200, 200, 200, 200]);
    expect(await until(async () => (await apiCount(address)) === 4, 5_000)).toBe(true);
    // B has not heard of the client yet: its first request passes, and its flush learns A's four
    expect(await quotation(gatewayB, address)).toBe(200);
    expect(await until(async () => (await apiCount(address)) === 5, 5_000)).toBe(true);
    await sleep(SHARED_LIMIT_FLUSH_MS);
    expect(await statuses(gatewayB, address, 2)).toEqual([200, 429]);
    expect(await until(async () => (await apiCount(address)) === 7, 5_000)).toBe(true);
    // A learns the total when it next adds a count of its own: one more passes there, then none
    expect(await quotation(gatewayA, address)).toBe(200);
    expect(await until(async () => (await apiCount(address)) === 8, 5_000)).toBe(true);
    await sleep(SHARED_LIMIT_FLUSH_MS);
    expect(await statuses(gatewayA, address, 2)).toEqual([429, 429]);
  });

  it('counts the signed API per key in Redis too', async () => {
    const bot = await keyOnlyBot(gatewayA, 'limits-bot@example.com', 'read');
    for (let request = 0; request < 2; request += 1) expect((await signedCall(gatewayA, bot.credentials, 'GET', '/api/v1/balances')).status).toBe(200);
    expect(await until(async () => (await reader.keys(`${CLUSTER}-rl-v1-key:*`)).length === 1, 5_000)).toBe(true);
    const [key] = await reader.keys(`${CLUSTER}-rl-v1-key:*`);
    expect(await countIn(key ?? '')).toBe(2);
  });

  it('goes on answering and limiting while Redis is away, and counts in Redis again once it is back', { timeout: 60_000 }, async () => {
    const address = '198.51.100.2';
    expect(await statuses(gatewayA, address, 3)).toEqual([200, 200, 200]);
    expect(await until(async () => (await apiCount(address)) === 3, 5_000)).toBe(true);
    await sleep(SHARED_LIMIT_FLUSH_MS);

    await redis.kill();
    // answered at once, and limited on top of the three Redis counted
    expect(await statuses(gatewayA, address, 5)).toEqual([200, 200, 200, 429, 429]);

    await redis.start();
    // the limits' connection comes back by itself (ioredis reconnects), and adds what it counted
    // meanwhile to a new window: the Redis that restarted had lost the old one
    expect(await until(async () => (await apiCount(address)) === 5, 20_000, 200)).toBe(true);
  });
});
