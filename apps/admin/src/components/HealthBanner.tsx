import { useEffect, useState } from 'react';
import { serverHealth, type ServerHealth as Health } from '../api';

const EXPLAINED: Record<string, string> = {
  'writes failing': 'the database refuses the core’s writes (a full disk, a database fault): money commands are refused until a write succeeds',
  'reload in progress': 'the core is reloading its state from the database after a failed write',
  'writer lock lost': 'this server lost its writer lock: it takes no more commands and must be restarted',
  stopped: 'the server is shutting down',
  failed: 'the core failed: a restart loads the durable state',
  'database unreachable': 'the database does not answer',
};

/** The server's readiness (`/api/health`), polled: a banner with the reason while it cannot take writes. */
export function HealthBanner({ everyMs = 10_000 }: { everyMs?: number }) {
  const [health, setHealth] = useState<Health | 'unreachable' | undefined>();
  useEffect(() => {
    let live = true;
    const poll = async () => {
      try {
        const health = await serverHealth();
        if (live) setHealth(health);
      } catch {
        if (live) setHealth('unreachable');
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), everyMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [everyMs]);
  if (health === undefined || (health !== 'unreachable' && health.status === 'ok')) return null;
  const reason = health === 'unreachable' ? 'the server does not answer' : (EXPLAINED[health.reason ?? health.core] ?? health.reason ?? health.core);
  return (
    <div role="alert" data-testid="health-banner" className="mb-4 rounded border border-down bg-down/10 px-3 py-2 text-[0.8125rem] text-down">
      <strong>Not ready</strong>
      {health !== 'unreachable' && health.reason ? ` (${health.reason})` : ''}: {reason}
    </div>
  );
}
