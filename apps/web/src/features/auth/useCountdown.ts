import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds (the send-code button): `start()` begins it, `remaining`
 * falls to 0 once a second. It follows the wall clock, so a throttled background tab stays right.
 */
export function useCountdown(seconds: number): { remaining: number; start(): void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => window.clearTimeout(timer);
  }, [until, now]);

  const start = useCallback(() => {
    const started = Date.now();
    setNow(started);
    setUntil(started + seconds * 1000);
  }, [seconds]);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
