import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';

/**
 * What gateways share in Redis: rate-limit counters (@fastify/rate-limit's Redis store) and
 * socket.io's adapter (what one process emits reaches every gateway's sockets). Nothing about
 * money is kept there.
 */
export interface RedisLinks {
  limits: Redis;
  /** the prefix of the rate-limit keys */
  prefix: string;
  adapter: () => ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/** `onError`: a connection's error (each failed reconnection too); the clients reconnect by themselves. */
export async function connectRedis(url: string, cluster: string, onError: (error: unknown) => void = () => {}): Promise<RedisLinks> {
  // every request checks its limit: those of one turn of the event loop go out in one write
  const limits = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: true, enableAutoPipelining: true });
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  for (const client of [limits, publisher, subscriber]) client.on('error', onError);
  await Promise.all([limits.connect(), publisher.connect(), subscriber.connect()]);
  return {
    limits,
    prefix: `${cluster}-rl-`,
    adapter: () => createAdapter(publisher, subscriber, { key: `${cluster}-socket` }),
    async close() {
      await Promise.all([limits.quit(), publisher.quit(), subscriber.quit()]).catch(() => undefined);
    },
  };
}
