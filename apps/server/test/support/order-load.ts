import type { Database } from '../../src/db/database';

export interface Trader {
  token: string;
  id: number;
}

export interface OrderLoadResult {
  /** order ids answered `{type: 'ok', order_id}`, in the order the answers came */
  acknowledged: number[];
  /** acknowledged after `mark()` was called */
  acknowledgedAfterMark: number;
  /** requests answered `ok` only after they were sent again (no answer, or 503, before) */
  acknowledgedOnRetry: number;
  /** attempts without a final answer, by what came: no answer (a process gone), or HTTP status and message */
  retried: Record<string, number>;
  /** requests still without a final answer when the load stopped (sent again until then) */
  abandoned: number;
  /** final answers other than `ok` (a rule refused the order), by message */
  refused: Record<string, number>;
}

export interface OrderLoad {
  /** notes the moment (a fault): `acknowledgedAfterMark` counts from here */
  mark(): void;
  stop(): Promise<OrderLoadResult>;
}

/**
 * Clients placing spot limit orders on BTC/USDT as fast as they are answered, through the gateway
 * `route(worker)` names at each attempt; quotes around 50,000 so that many orders trade. Each
 * request carries an Idempotency-Key and is sent again with it until it gets a final answer (not
 * `please retry`, not a dropped connection), as a careful client does; a dropped connection calls
 * `lost(worker)` first (a client reconnecting elsewhere). So every request's fate is known, except
 * those still being retried when the load stops.
 */
export function startOrderLoad(options: { workers: number; traders: readonly Trader[]; route: (worker: number) => string; lost?: (worker: number) => void }): OrderLoad {
  const acknowledged: number[] = [];
  const retried: Record<string, number> = {};
  const refused: Record<string, number> = {};
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  let acknowledgedOnRetry = 0;
  let abandoned = 0;
  let marked: number | undefined;
  let stopped = false;
  const count = (tally: Record<string, number>, what: string) => (tally[what] = (tally[what] ?? 0) + 1);
  const worker = async (index: number) => {
    for (let n = 0; !stopped; n += 1) {
      const trader = options.traders[(index + n) % options.traders.length];
      const side = (index + n) % 2 === 0 ? 'in' : 'out';
      const price = 50_000 + ((index * 7 + n * 13) % 21) - 10;
      const body = new URLSearchParams({ legal_id: '3', currency_id: '1', price: String(price), num: '0.01', mode: '2' }).toString();
      const headers = { 'content-type': 'application/x-www-form-urlencoded', authorization: trader?.token ?? '', 'idempotency-key': `load-${run}-${index}-${n}` };
      for (let attempt = 0; ; attempt += 1) {
        if (stopped && attempt > 0) {
          abandoned += 1;
          break;
        }
        try {
          const response = await fetch(`${options.route(index)}/api/transaction/${side}`, { method: 'POST', headers, body });
          const reply = (await response.json()) as { type: string; message: unknown; order_id?: number };
          if (reply.type === 'ok' && typeof reply.order_id === 'number') {
            acknowledged.push(reply.order_id);
            if (attempt > 0) acknowledgedOnRetry += 1;
            break;
          }
          if (reply.message !== 'please retry') {
            count(refused, String(reply.message));
            break;
          }
          count(retried, `${response.status} please retry`);
        } catch {
          count(retried, 'no answer');
          options.lost?.(index);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const running = Array.from({ length: options.workers }, (_, index) => worker(index));
  return {
    mark: () => (marked = acknowledged.length),
    async stop() {
      stopped = true;
      await Promise.all(running);
      return { acknowledged, acknowledgedAfterMark: marked === undefined ? 0 : acknowledged.length - marked, acknowledgedOnRetry, retried, abandoned, refused };
    },
  };
}

/** Acknowledged order ids the database does not hold (none, when nothing acknowledged was lost). */
export async function missingOrders(db: Database, acknowledged: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: string }>('select id::text from spot_orders where id = any($1::bigint[])', [acknowledged.map(String)]);
  const stored = new Set(rows.map((row) => Number(row.id)));
  return acknowledged.filter((id) => !stored.has(id));
}

/**
 * Spot funds held that differ from what the open orders hold: each user's locked quote (buys)
 * and base (sells) in the change wallet against the `locked` of their open orders.
 */
export async function spotLockMismatches(db: Database, users: readonly number[]) {
  return db.query<{ user_id: number; currency_id: number; held: string; orders: string }>(
    `with expected as (
       select o.user_id, case when o.side = 'buy' then p.legal_id else p.currency_id end as currency_id, sum(o.locked) as amount
         from spot_orders o join currency_pairs p on p.id = o.pair_id
        where o.status = 'open' and o.user_id = any($1::int[])
        group by 1, 2
     )
     select b.user_id, b.currency_id, b.locked::text as held, coalesce(e.amount, 0)::text as orders
       from balances b left join expected e on e.user_id = b.user_id and e.currency_id = b.currency_id
      where b.wallet = 'change' and b.user_id = any($1::int[]) and b.locked <> coalesce(e.amount, 0)`,
    [users],
  );
}
