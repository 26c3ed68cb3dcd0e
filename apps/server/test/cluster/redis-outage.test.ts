import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnServer } from '../support/own-server';
import { redisServerMissing, startRedisServer } from '../support/redis-server';
import { keyOnlyBot, signedCall } from '../support/signed-api';
import { createTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/socket-client';

const missing = await redisServerMissing();
if (missing) console.warn(missing);

const LIMIT = 6;
const CLUSTER = `outage${process.pid}`;

/**
 * The rate limits gateways share live in Redis; losing Redis must not stop the API. While Redis is
 * away each process counts its own windows (still refusing past the limit), and Redis counts again
 * once it is back.
 */
describe.skipIf(missing !== undefined)('rate limits when Redis goes away', () => {
  let redis: OwnServer;
  let app: TestApp;
  let reader: Redis;
  const quotation = async () => (await app.http.inject({ method: 'GET', url: '/api/currency/quotation_new' })).statusCode;
  const counted = async () => {
    const keys = await reader.keys(`${CLUSTER}-rl-api-*`);
    return keys.length === 0 ? 0 : Number(await reader.get(keys[0] ?? ''));
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await createTestApp('pglite', { env: { REDIS_URL: redis.url, CLUSTER_NAME: CLUSTER, RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
    reader = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    reader.on('error', () => {});
    await reader.connect();
  }, 120_000);
  afterAll(async () => {
    reader.disconnect();
    await app.close();
    await redis.kill();
  });

  it('counts the signed API per key in Redis too, so a key has one limit across gateways', async () => {
    const bot = await keyOnlyBot(app, 'limits-bot@example.com', 'read');
    for (let request = 0; request < 2; request += 1) expect((await signedCall(app, bot.credentials, 'GET', '/api/v1/balances')).status).toBe(200);
    const keys = await reader.keys(`${CLUSTER}-rl-v1-key:*`);
    expect(keys).toHaveLength(1);
    expect(await reader.get(keys[0] ?? '')).toBe('2');
  });

  it('counts in Redis while it answers, per process while it does not, and in Redis again once it is back', { timeout: 60_000 }, async () => {
    for (let request = 0; request < 3; request += 1) expect(await quotation()).toBe(200);
    expect(await counted()).toBe(3);

    await redis.kill();
    // the API still answers, and the limit still holds, counted in this process from nothing
    const whileAway: number[] = [];
    for (let request = 0; request < LIMIT + 2; request += 1) whileAway.push(await quotation());
    expect(whileAway).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);

    await redis.start();
    // the limits' connection comes back by itself (within ioredis's reconnection delay): the
    // window counted in this process is spent, so a 200 means Redis counts again, from a new window
    expect(await until(async () => (await quotation()) === 200, 20_000, 200)).toBe(true);
    expect(await until(async () => (await counted().catch(() => 0)) >= 1, 10_000, 200)).toBe(true);
  });
});
