/** `YYYY-MM-DD HH:mm:ss` in UTC: the timestamp format of the legacy replies. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The platform's time zone, Asia/Shanghai: UTC+8 all year (no daylight saving since 1991). */
export const PLATFORM_UTC_OFFSET_MS = 8 * 3_600_000;

/** `HH:mm:ss` on the platform's clock: the time of day old screens show beside a trade. */
export function formatPlatformClock(date: Date): string {
  return new Date(date.getTime() + PLATFORM_UTC_OFFSET_MS).toISOString().slice(11, 19);
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** `YYYY-MM-DD HH:mm:ss` on the platform's clock (Asia/Shanghai). */
export function formatPlatformTime(date: Date): string {
  return formatTimestamp(new Date(date.getTime() + PLATFORM_UTC_OFFSET_MS));
}
