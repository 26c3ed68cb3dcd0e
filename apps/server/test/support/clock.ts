/** A clock the test moves by hand, to reach expiry and unlock times without waiting. */
export function manualClock(start = new Date('2026-11-22T08:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  };
}
