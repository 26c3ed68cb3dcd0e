import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { buildApp } from '../../src/app/build-app';
import { exitOnCoreFailure } from '../../src/app/crash-only';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { registerUser } from '../support/accounts';
import { apiClient } from '../support/client';
import { CoreFaults, withCoreFaults } from '../support/core-faults';
import { createTestDatabase, describeEachDatabase, type TestApp } from '../support/test-app';

const BTC_USDT = { legal_id: 3, currency_id: 1 };
const USDT = 3;

describeEachDatabase('a core whose batch write and the reload after it fail (crash-only)', (kind) => {
  it('refuses the batch, the queued and every later command, writes nothing more, answers 503 at /api/health and ends the process', async () => {
    const db = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
    await prepareDatabase(db, config);
    const faults = new CoreFaults();
    const exits: number[] = [];
    const built = await buildApp({ config, db: withCoreFaults(db, faults), onCoreFailure: exitOnCoreFailure((code) => exits.push(code)) });
    await built.http.ready();
    const app: TestApp = { ...built, db, config, close: async () => {} };
    try {
      const api = apiClient(app);
      const user = await registerUser(api, 'crash-only@example.com');
      let sequence = 0;
      const credit = (amount: string): CoreCommand => ({
        kind: 'adjust',
        key: `crash-only-${(sequence += 1)}`,
        userId: user.id,
        currencyId: USDT,
        wallet: 'change',
        amount: parseAmount(amount),
        reason: 'adjustment',
        reference: 'test',
      });
      await app.core.execute(credit('1000'));
      const stored = () => db.query<{ available: string }>('select available::text from balances where user_id = $1 order by currency_id, wallet', [user.id]);
      const before = await stored();
      const order = () => api.post('transaction/in', { ...BTC_USDT, price: '100', num: '1', mode: 2 }, { token: user.token });
      const refused = { type: 'error', message: 'please retry' };
      expect((await api.get('health')).body.message).toEqual({ status: 'ok', database: kind, core: 'running', watchers: [] });

      // the batch write fails and so does the reload after it; the database answers again at once
      const write = faults.failNextCoreStatements(2);
      const batch = [app.core.execute(credit('5')), app.core.execute(credit('6'))];
      await write.reached;
      // submitted while the batch is being written: queued behind it
      const queued = app.core.execute(credit('7'));
      const queuedOrder = order();
      write.release();

      for (const outcome of await Promise.allSettled([...batch, queued])) {
        expect(outcome).toMatchObject({ status: 'rejected', reason: { key: 'please retry' } });
      }
      expect((await queuedOrder).body).toEqual(refused);
      expect(app.core.state).toBe('failed');
      expect(exits).toEqual([1]);

      // later commands are refused too, though the database answers again
      await expect(app.core.execute(credit('8'))).rejects.toMatchObject({ key: 'please retry' });
      expect((await order()).body).toEqual(refused);
      const health = await api.get('health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ type: 'ok', message: { status: 'unavailable', database: kind, core: 'failed', reason: 'failed', watchers: [] } });

      // nothing of the failed, queued or later commands reached the database; the ledger holds
      expect(await stored()).toEqual(before);
      expect(await db.query('select 1 from spot_orders where user_id = $1', [user.id])).toEqual([]);
      expect(await db.query(`select 1 from core_commands where idempotency_key like 'crash-only-%' and idempotency_key <> 'crash-only-1'`)).toEqual([]);
      expect((await runAudit(db)).ok).toBe(true);
      expect(exits).toEqual([1]);
    } finally {
      await built.http.close();
      await db.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('ends the process on a failed reload after a handler fault, once the durable batch is answered', async () => {
    // the same failure through the other path: a batch durable, then its reload fails
    const db = await createTestDatabase(kind);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
    await prepareDatabase(db, config);
    const faults = new CoreFaults();
    const exits: number[] = [];
    const app = await buildApp({ config, db: withCoreFaults(db, faults), onCoreFailure: exitOnCoreFailure((code) => exits.push(code)) });
    try {
      const [user] = await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`);
      const credit: CoreCommand = { kind: 'adjust', key: 'handler-fault-1', userId: user?.id ?? 0, currencyId: USDT, wallet: 'change', amount: parseAmount('3'), reason: 'adjustment', reference: 'test' };
      // a number where a bigint belongs makes the handler throw (a bug, not a refusal): the core
      // writes the rest of the batch, then reloads its state, and that reload fails
      const broken = { ...credit, key: 'handler-fault-2', amount: 1 as unknown as bigint };
      faults.failReloads = true;
      const outcomes = await Promise.allSettled([app.core.execute(credit), app.core.execute(broken)]);
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { applied: true } });
      expect(outcomes[1]).toMatchObject({ status: 'rejected' });
      expect(app.core.state).toBe('failed');
      expect(exits).toEqual([1]);
      await expect(app.core.execute({ ...credit, key: 'handler-fault-3' })).rejects.toMatchObject({ key: 'please retry' });
      faults.failReloads = false;
      expect((await runAudit(db)).ok).toBe(true);
    } finally {
      await app.http.close();
      await db.close();
      await rm(config.DATA_DIR, { recursive: true, force: true });
    }
  });
});
