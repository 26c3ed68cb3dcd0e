/** Recent deals: the newest first, at most 20 kept. */
export const RECENT_DEALS = 20;

export interface DealLike {
  id: number;
  /** the trade time, unix milliseconds (`time` is the server's display text) */
  time_ms: number;
}

/**
 * Merges newly pushed trades into the list: one row per trade id, newest first (by time, then
 * id), at most `limit` rows.
 */
export function mergeDeals<T extends DealLike>(existing: readonly T[], incoming: readonly T[], limit = RECENT_DEALS): T[] {
  const byId = new Map<number, T>();
  for (const trade of existing) byId.set(trade.id, trade);
  for (const trade of incoming) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.time_ms - a.time_ms || b.id - a.id).slice(0, limit);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `HH:mm:ss` of a trade in the viewer's time zone, Latin digits. */
export function dealClock(ms: number): string {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
