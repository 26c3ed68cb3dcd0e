import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/** Random per process start: keys of two runs never collide, even within one millisecond. */
const PROCESS_NONCE = randomBytes(6).toString('hex');
let counter = 0;

/** The keys of one request that carried an Idempotency-Key: the same on every attempt of it. */
export interface RequestKeyScope {
  /** `idem:<caller>:<first attempt's time>:<hash of the client's key>` */
  readonly prefix: string;
  /** how many keys the attempt made so far: the n-th command of every attempt gets the same key */
  issued: number;
}

/**
 * Set while a request with an Idempotency-Key runs: `newCommandKey` then answers keys derived from
 * it, so a retry of the request issues the same command keys, and the core applies none of them twice.
 */
export const requestKeyScope = new AsyncLocalStorage<RequestKeyScope>();

/** Whether `newCommandKey` made the key for a request with an Idempotency-Key: every command with it belongs to that one request. */
export function isRequestKey(key: string): boolean {
  return key.startsWith('idem:');
}

/**
 * A new idempotency key for a command the server issues itself: `<kind>:<time>-<counter>-<nonce>`.
 * Keys grow with time, so each batch's keys land at the right edge of the `core_commands` and
 * `ledger_entries` key indexes instead of on random pages, as random UUIDs would (fewer pages
 * touched per insert, a smaller working set).
 */
export function newCommandKey(kind: string): string {
  const scope = requestKeyScope.getStore();
  if (scope) return `${scope.prefix}:${kind}:${(scope.issued += 1)}`;
  counter = (counter + 1) % 0x1000000;
  return `${kind}:${Date.now().toString(16).padStart(12, '0')}-${counter.toString(16).padStart(6, '0')}-${PROCESS_NONCE}`;
}

const LOCAL_KEY = new RegExp(`:([0-9a-f]{12})-[0-9a-f]{6}-${PROCESS_NONCE}$`);

/**
 * The time (ms) a key was made at by `newCommandKey` in THIS process, or undefined for any other
 * key (another process's, a natural id, a deadline's or a client's). A key of this process can
 * only have been written by this process, and not before it was made.
 */
export function localKeyTime(key: string): number | undefined {
  const match = LOCAL_KEY.exec(key);
  return match ? Number.parseInt(match[1] ?? '', 16) : undefined;
}
