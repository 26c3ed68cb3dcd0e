/** setTimeout's longest delay (a signed 32-bit count of milliseconds); a later due time is re-armed when it ends. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms` milliseconds; the timer does not keep the process alive. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
