/**
 * One Idempotency-Key per user action: the same call (path and body) sent again while the first
 * is unanswered or was lost in transit (a double click, a retry) carries the same key, so the server
 * applies it once and answers the first reply. A call that got an answer frees its key: the next
 * identical call is a new action.
 */
const pending = new Map<string, { key: string; until: number }>();
/** how long a lost call's key is reused for its retry */
const RETRY_WINDOW_MS = 10 * 60_000;

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function actionKey(signature: string, now = Date.now()): string {
  const held = pending.get(signature);
  if (held && held.until > now) return held.key;
  const key = randomKey();
  pending.set(signature, { key, until: now + RETRY_WINDOW_MS });
  return key;
}

/** The call was answered (whatever the answer): its next identical call is a new action. */
export function actionAnswered(signature: string, key: string): void {
  if (pending.get(signature)?.key === key) pending.delete(signature);
}
