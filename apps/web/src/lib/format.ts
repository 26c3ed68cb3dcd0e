/**
 * Date display with Latin digits in every language (the product never uses Arabic-Indic digits).
 * We format by hand rather than through `Intl`, whose Arabic locales may pick other numerals.
 */

const UTC_STAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z)?$/;

/** Parses the server's `YYYY-MM-DD HH:mm:ss` (UTC) or an ISO timestamp; `null` when unreadable. */
export function parseServerTime(value: string): Date | null {
  const trimmed = value.trim();
  const match = UTC_STAMP.exec(trimmed);
  if (match) {
    const [, y, mo, d, h, mi, s] = match;
    const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0'));
    return Number.isNaN(time) ? null : new Date(time);
  }
  const date = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? new Date(`${trimmed}T00:00:00Z`) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` in the viewer's time zone. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `YYYY-MM-DD HH:mm` in the viewer's time zone. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A server timestamp for display; the raw text when it cannot be read. */
export function displayServerTime(value: string, withTime = true): string {
  const date = parseServerTime(value);
  if (!date) return value;
  return withTime ? formatDateTime(date) : formatDate(date);
}

/**
 * Wraps Latin text (a date, an account) in Unicode isolates so it keeps its left-to-right order
 * inside a translated sentence, also in Arabic.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
