/** `YYYY-MM-DD HH:mm:ss` in UTC: the timestamp format of the legacy replies. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
