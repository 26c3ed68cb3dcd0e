/** What just succeeded, as `/success?what=` names it; anything else shows the generic text. */
export const SUCCESS_KINDS = ['generic', 'subscription', 'unlock', 'deal', 'payment', 'c2c'] as const;
export type SuccessKind = (typeof SUCCESS_KINDS)[number];

export function successKind(value: string | null): SuccessKind {
  return (SUCCESS_KINDS as readonly string[]).includes(value ?? '') ? (value as SuccessKind) : 'generic';
}

/**
 * Where the success page's 'continue' leads (`?next=`): a path of this site only (one leading
 * slash, no scheme, no backslash), else `fallback`, so the page never sends a visitor elsewhere.
 */
export function safeNextPath(next: string | null, fallback = '/'): string {
  if (!next) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  if ([...next].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return next;
}

/** The fiat payment window: an unpaid c2c order is cancelled 15 minutes after it was made. */
export const C2C_PAYMENT_WINDOW_MS = 15 * 60 * 1000;

/** Milliseconds left until `deadlineMs` at `nowMs`; never below zero. */
export function timeLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, deadlineMs - nowMs);
}

/** `mm:ss` of a duration in milliseconds (whole seconds, cut). */
export function clock(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
