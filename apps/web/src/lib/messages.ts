import { formatDateTime, isolateLtr, parseServerTime } from './format';

const LOCKED = /^account locked,\s*(.+)$/;

/**
 * The lock refusal carries the end of the lock as an ISO time (`account locked, 2026-…Z`). Before
 * it is translated, the time is rewritten for the viewer: their time zone, Latin digits, rounded up
 * to the minute (the lock has surely ended by then), kept left to right inside Arabic text.
 * Every other message is returned as it is.
 */
export function localizeLockTime(message: string): string {
  const match = LOCKED.exec(message);
  if (!match?.[1]) return message;
  const raw = match[1].trim();
  const iso = /^\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(Date.parse(raw));
  const parsed = iso ? new Date(raw) : parseServerTime(raw);
  if (!parsed) return message;
  const minute = 60_000;
  const rounded = new Date(Math.ceil(parsed.getTime() / minute) * minute);
  return `account locked, ${isolateLtr(formatDateTime(rounded))}`;
}
