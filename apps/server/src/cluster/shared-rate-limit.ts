import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Adds a process's requests to a key's window in Redis and answers the window's total and time
 * left. The first count of a window sets its expiry; a key that lost its expiry (written by hand,
 * or a failed `PEXPIRE`) gets a new one rather than counting forever.
 */
const ADD = `
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == tonumber(ARGV[1]) or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {current, ttl}`;

const COMMAND = 'tesseraRateLimitAdd';

interface WithAdd {
  [COMMAND](key: string, requests: number, windowMs: number): Promise<[number, number]>;
}

/** How often a process adds its counts to Redis and learns the others'. */
export const SHARED_LIMIT_FLUSH_MS = 100;
/** Past this many keys, the windows that ended are let go. */
const MAX_WINDOWS = 10_000;

/** One key's window as this process sees it. */
interface Window {
  /** the window's total in Redis at the last flush (every process's requests) */
  shared: number;
  /** this process's requests not yet added to Redis */
  pending: number;
  /** when the window ends (epoch ms) */
  endsAt: number;
  windowMs: number;
}

/** Told when the limits stop or start being counted in Redis. */
export type SharedLimitListener = (state: 'local' | 'shared', error?: unknown) => void;

/**
 * The rate limits of every gateway, counted in Redis without a Redis call per request: each
 * process counts a key's requests in memory, answers at once from the window's last known total
 * plus its own count since, and every SHARED_LIMIT_FLUSH_MS adds its counts to Redis in one
 * pipelined write and learns the total (its own and the other processes'). A process learns a
 * client's total when it adds counts of its own, so a client can pass its limit by what each
 * gateway lets through before its next flush after the others' (a flush period's worth of
 * requests, and one more per gateway that had not seen the client lately): a limit guards against
 * abuse, it is not a rule about money.
 *
 * While Redis does not answer, each process goes on counting its own requests on top of the last
 * total it knew (a client then gets the rest of its limit once per gateway, for the length of the
 * outage), and the counts go to Redis again as soon as it answers: refusing every request because
 * the counter is away would turn a Redis outage into an outage of the whole API. `onChange` hears
 * each switch (for the log).
 */
export function sharedRateLimitStore(redis: Redis, nameSpace: string, onChange: SharedLimitListener = () => {}): FastifyRateLimitStoreCtor {
  if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: ADD });
  const counter = redis as Redis & WithAdd;
  let state: 'local' | 'shared' = 'shared';
  const become = (next: 'local' | 'shared', error?: unknown) => {
    if (state === next) return;
    state = next;
    onChange(next, error);
  };
  /** every key's window, its Redis key the namespace, the route's part and the client's */
  const windows = new Map<string, Window>();
  let flushing = false;

  const flush = async () => {
    if (flushing) return;
    const now = Date.now();
    const crowded = windows.size > MAX_WINDOWS;
    // one pass: the windows with counts to add, and (past MAX_WINDOWS) the ended ones let go
    const due: [string, Window][] = [];
    for (const entry of windows) {
      if (entry[1].pending > 0) due.push(entry);
      else if (crowded && entry[1].endsAt <= now) windows.delete(entry[0]);
    }
    if (due.length === 0) return;
    // not connected: no waiting for a reconnection that may take seconds; the counts wait here
    if (counter.status !== 'ready') return become('local');
    flushing = true;
    try {
      await Promise.all(
        due.map(async ([key, window]) => {
          const added = window.pending;
          const [total, ttl] = await counter[COMMAND](key, added, window.windowMs);
          window.pending -= added;
          window.shared = total;
          window.endsAt = Date.now() + ttl;
        }),
      );
      become('shared');
    } catch (error) {
      become('local', error);
    } finally {
      flushing = false;
    }
  };
  const timer = setInterval(() => void flush(), SHARED_LIMIT_FLUSH_MS);
  timer.unref();
  // the connection closed for good (the process stops): nothing more to add
  redis.once('end', () => clearInterval(timer));

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = Date.now();
      const id = this.prefix + key;
      let window = windows.get(id);
      if (!window) windows.set(id, (window = { shared: 0, pending: 0, endsAt: now + timeWindow, windowMs: timeWindow }));
      else if (window.endsAt <= now) {
        // the window ended: what was added to Redis ended with it, what is pending starts the next
        window.shared = 0;
        window.endsAt = now + timeWindow;
      }
      window.pending += 1;
      callback(null, { current: window.shared + window.pending, ttl: window.endsAt - now });
    }

    /** A route with limits of its own counts apart (the plugin passes the route as `routeInfo`). */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? routeOptions;
      return new SharedStore(undefined, `${this.prefix}${String(route.method)}${String(route.url)}-`);
    }
  }
  return SharedStore;
}
