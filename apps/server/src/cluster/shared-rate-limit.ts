import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * A fixed window per key in Redis: the first request of a window sets its expiry; a key that lost
 * its expiry (written by hand, or a failed `PEXPIRE`) gets a new one rather than counting forever.
 */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

const COMMAND = 'tesseraRateLimit';

interface WithIncrement {
  [COMMAND](key: string, windowMs: number): Promise<[number, number]>;
}

/** Windows counted by this process alone, while Redis cannot count them. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      // past a few thousand keys the ended windows go, so an outage cannot grow it without bound
      if (!window && this.windows.size >= 10_000) for (const [each, counted] of this.windows) if (counted.endsAt <= now) this.windows.delete(each);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/** Told when the limits stop or start being counted in Redis. */
export type SharedLimitListener = (state: 'local' | 'shared', error?: unknown) => void;

/**
 * The rate limits of every gateway, counted in Redis, that do not stop the API when Redis stops:
 * while Redis is not connected, or a count fails, each process counts its own windows (a client
 * then gets the limit once per gateway instead of once in all, for the length of the outage), and
 * Redis counts again as soon as it answers. A limit is abuse protection, not a rule about money:
 * refusing every request because the counter is away would turn a Redis outage into an outage of
 * the whole API. `onChange` hears each switch (for the log).
 */
export function sharedRateLimitStore(redis: Redis, nameSpace: string, onChange: SharedLimitListener = () => {}): FastifyRateLimitStoreCtor {
  if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: INCREMENT });
  const counter = redis as Redis & WithIncrement;
  let state: 'local' | 'shared' = 'shared';
  const become = (next: 'local' | 'shared', error?: unknown) => {
    if (state === next) return;
    state = next;
    onChange(next, error);
  };

  class SharedStore implements FastifyRateLimitStore {
    private readonly local = new LocalWindows();

    constructor(
      _options?: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      // not connected: no waiting for a reconnection that may take seconds
      if (counter.status !== 'ready') {
        become('local');
        callback(null, this.local.incr(key, timeWindow));
        return;
      }
      counter[COMMAND](this.prefix + key, timeWindow).then(
        ([current, ttl]) => {
          become('shared');
          callback(null, { current, ttl });
        },
        (error: unknown) => {
          become('local', error);
          callback(null, this.local.incr(key, timeWindow));
        },
      );
    }

    /** A route with limits of its own counts apart (the plugin passes the route as `routeInfo`). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? routeOptions;
      return new SharedStore(undefined, `${this.prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return SharedStore;
}
