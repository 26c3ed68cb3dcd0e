import { expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { call, operatorJson, startServerProcess, type ServerProcess } from '../support/server-process';
import { processDatabase } from '../support/process-database';
import { describeEachDatabase } from '../support/test-app';


/** A keyed transfer, sent again with the same key until it gets an answer that is not "please retry". */
async function transferUntilAnswered(server: () => ServerProcess, token: string, key: string): Promise<string> {
  for (;;) {
    try {
      const response = await fetch(`${server().url}/api/wallet/change`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: token, 'idempotency-key': key },
        body: 'number=1&currency_id=3&from_field=change&to_field=legal',
      });
      const reply = (await response.json()) as { type: string; message: string };
      if (!(reply.type === 'error' && reply.message === 'please retry')) return reply.type;
    } catch {
      // the server is gone: the same key again, once it is back
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('crash safety with idempotency keys', (kind) => {
  it('a client retrying with keys through a SIGKILL and a restart has every keyed transfer applied exactly once', { timeout: 300_000 }, async () => {
    const where = await processDatabase(kind, 'retry');
    // the retries come as fast as the server answers: more than a minute's limit of one address
    const env = { ...where.env, RATE_LIMIT_PER_MINUTE: '10000000' };
    let server = await startServerProcess(env);
    try {
      const operator = (await operatorJson<{ token: string }>(server.url, 'POST', '/login', undefined, { email: 'admin@tessera.example', password: 'admin-dev-password' })).token;
      const token = (await call<string>(server.url, 'user/login', { user_string: 'demo@tessera.example', password: 'demo1234' })).message;
      const id = ((await (await fetch(`${server.url}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { id: number } }).message.id;
      await operatorJson(server.url, 'POST', `/users/${id}/credit`, operator, { currency_id: 3, wallet: 'change', amount: '100000', reason: 'retry test' });

      const answered = new Map<string, string>();
      const repeated: [string, string][] = [];
      let done = false;
      const worker = async (index: number) => {
        for (let n = 0; !done; n += 1) {
          const key = `retry-${index}-${n}`;
          // the server may die before answering: the same key again until it answers
          answered.set(key, await transferUntilAnswered(() => server, token, key));
          // and a key already answered, sent again: the first answer, nothing applied
          if (n % 5 === 4) repeated.push([answered.get(key) ?? '', await transferUntilAnswered(() => server, token, key)]);
        }
      };
      const workers = Array.from({ length: 8 }, (_, index) => worker(index));
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await server.kill();
      server = await startServerProcess(env);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      done = true;
      await Promise.all(workers);
      await server.stop();
      for (const [first, again] of repeated) expect(again).toBe(first);

      const ok = [...answered].filter(([, type]) => type === 'ok').map(([key]) => key);
      expect(ok.length).toBeGreaterThan(20);
      const db = await where.open();
      try {
        // every keyed transfer answered ok applied once: one core command per key, the balance moved by their number
        const commands = await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like $1`, [`idem:user:${id}:%`]);
        const legal = await db.query<{ available: string }>(`select available::text from balances where user_id = $1 and currency_id = 3 and wallet = 'legal'`, [id]);
        const transfers = await db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where user_id = $1 and wallet = 'legal' and reason = 'transfer'`, [id]);
        expect(commands[0]?.n).toBe(ok.length);
        expect(transfers[0]?.n).toBe(ok.length);
        expect(parseAmount(legal[0]?.available ?? '0')).toBe(BigInt(ok.length) * parseAmount('1'));
      } finally {
        await db.close();
      }
    } finally {
      await server.stop().catch(() => undefined);
      await where.cleanup();
    }
  });
});
