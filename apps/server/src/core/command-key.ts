import { randomBytes } from 'node:crypto';

/** Random per process start: keys of two runs never collide, even within one millisecond. */
const PROCESS_NONCE = randomBytes(6).toString('hex');
let counter = 0;

/**
 * A new idempotency key for a command the server issues itself: `<kind>:<time>-<counter>-<nonce>`.
 * Keys grow with time, so each batch's keys land at the right edge of the `core_commands` and
 * `ledger_entries` key indexes instead of on random pages, as random UUIDs would (fewer pages
 * touched per insert, a smaller working set).
 */
export function newCommandKey(kind: string): string {
  counter = (counter + 1) % 0x1000000;
  return `${kind}:${Date.now().toString(16).padStart(12, '0')}-${counter.toString(16).padStart(6, '0')}-${PROCESS_NONCE}`;
}
