/**
 * Reading the lever lists and the `lever_trade` push: the pushed trades arrive as JSON text, the
 * multiples and quick sizes as numbers, text or `{ value }`, and pushed rows replace the listed
 * ones of the same id so held and pending trades follow the price without a reload.
 */

/** The trades of a push field: JSON text of an array (or the array itself); nothing when unreadable. */
export function parseTrades<T extends { id: number }>(field: unknown): T[] {
  let value = field;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter((row): row is T => typeof row === 'object' && row !== null && Number.isFinite(Number((row as { id?: unknown }).id)));
}

type Choice = string | number | { value?: string | number; muit?: string | number; share?: string | number } | null | undefined;

/** A list of multiples or hand sizes as plain text, in the server's order, without blanks or repeats. */
export function choiceValues(list: readonly Choice[] | undefined): string[] {
  const seen = new Set<string>();
  for (const item of list ?? []) {
    const raw = typeof item === 'object' && item !== null ? (item.value ?? item.muit ?? item.share) : item;
    const text = raw === undefined || raw === null ? '' : String(raw).trim();
    if (text !== '' && Number(text) > 0) seen.add(text);
  }
  return [...seen];
}

/** The listed rows with each one the push also carries replaced by the pushed version. */
export function withPushed<T extends { id: number }>(rows: readonly T[], pushed: readonly T[] | undefined): T[] {
  if (!pushed || pushed.length === 0) return [...rows];
  const byId = new Map(pushed.map((row) => [Number(row.id), row]));
  return rows.map((row) => byId.get(Number(row.id)) ?? row);
}

/**
 * Whether the push names a different set of trades than the first page shows (one opened, closed
 * or cancelled): then the page is read again. `pageSize` is how many the first page holds.
 */
export function pushChangesPage(listed: readonly { id: number }[], pushed: readonly { id: number }[], pageSize: number): boolean {
  const newest = [...pushed].map((row) => Number(row.id)).sort((a, b) => b - a).slice(0, pageSize);
  const shown = new Set(listed.map((row) => Number(row.id)));
  if (newest.length !== Math.min(pageSize, shown.size) && pushed.length <= pageSize) return true;
  return newest.some((id) => !shown.has(id));
}
