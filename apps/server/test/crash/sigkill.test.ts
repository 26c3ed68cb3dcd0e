import { expect, it } from 'vitest';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { call, operatorJson, startServerProcess } from '../support/server-process';
import { processDatabase } from '../support/process-database';
import { describeEachDatabase } from '../support/test-app';



describeEachDatabase('crash safety', (kind) => {
  it('keeps every acknowledged order and trade through a SIGKILL under load; books and audit agree after restart', { timeout: 240_000 }, async () => {
    const where = await processDatabase(kind, 'crash');
    try {
      // the load comes as fast as the server answers: more than a minute's limit of one address
      const env = { ...where.env, RATE_LIMIT_PER_MINUTE: '10000000' };
      let server = await startServerProcess(env);
      const operator = (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
      const traders: { token: string; id: number }[] = [];
      for (const [account, password] of [['demo@tessera.example', 'demo1234'], ['trader@tessera.example', 'trader1234']] as const) {
        const token = (await call<string>(server.url, 'user/login', { user_string: account, password })).message;
        const id = (await (await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } })).json() as { message: { id: number } }).message.id;
        for (const [currencyId, amount] of [[3, '10000000'], [1, '1000']] as const) {
          await operatorJson(server.url, 'POST', `/users/${id}/credit`, operator, { currency_id: currencyId, wallet: 'change', amount, reason: 'crash test' });
        }
        traders.push({ token, id });
      }

      // order load: both traders quote around 50,000 so that many orders cross
      const acknowledged: number[] = [];
      let stop = false;
      const worker = async (workerIndex: number) => {
        for (let n = 0; !stop; n += 1) {
          const trader = traders[(workerIndex + n) % 2];
          const side = (workerIndex + n) % 2 === 0 ? 'in' : 'out';
          const price = 50_000 + ((workerIndex * 7 + n * 13) % 21) - 10;
          try {
            const reply = await call(server.url, `transaction/${side}`, { legal_id: 3, currency_id: 1, price: String(price), num: '0.01', mode: 2 }, trader?.token);
            if (reply.type === 'ok' && reply.order_id) acknowledged.push(reply.order_id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const workers = Array.from({ length: 16 }, (_, index) => worker(index));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await server.kill();
      stop = true;
      await Promise.all(workers);
      expect(acknowledged.length).toBeGreaterThan(20);

      server = await startServerProcess(env);
      const audit = await operatorJson<{ ok: boolean }>(server.url, 'GET', '/audit', (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token);
      expect(audit.ok).toBe(true);
      const deal = await call<{ in: { price: string; number: string }[]; out: { price: string; number: string }[] }>(server.url, 'transaction/deal', { legal_id: 3, currency_id: 1 }, traders[0]?.token);
      await server.stop();

      const db = await where.open();
      try {
        const orders = await db.query<{ id: string }>('select id::text from spot_orders');
        const stored = new Set(orders.map((row) => Number(row.id)));
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
        const trades = await db.query<{ n: number }>('select count(*)::int as n from spot_trades');
        expect(trades[0]?.n).toBeGreaterThan(0);
        // the restarted book is exactly the committed open orders, level by level
        const levels = await db.query<{ side: string; price: string; remaining: string }>(
          `select side, price::text, sum(quantity - filled)::text as remaining from spot_orders
            where status = 'open' and pair_id = (select id from currency_pairs where currency_id = 1 and legal_id = 3)
            group by side, price order by side, price`,
        );
        const committed = (side: string) =>
          levels
            .filter((level) => level.side === side)
            .map((level) => [formatAmount(parseAmount(level.price)), formatAmount(parseAmount(level.remaining))])
            .sort((a, b) => (side === 'buy' ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])))
            .slice(0, 10);
        const shown = (entries: { price: string; number: string }[]) => entries.map((entry) => [formatAmount(parseAmount(entry.price)), formatAmount(parseAmount(entry.number))]);
        expect(shown(deal.message.in)).toEqual(committed('buy'));
        expect(shown(deal.message.out)).toEqual(committed('sell'));
      } finally {
        await db.close();
      }
    } finally {
      await where.cleanup();
    }
  });
});
