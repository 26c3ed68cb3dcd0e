import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { Refusal } from '../../src/core/refusal';
import { CoreRepository } from '../../src/core/repository';
import { openPostgres } from '../../src/db/database';

const USDT = 3;
const url = process.env.TEST_DATABASE_URL;

/** Ends every connection of the pool named `name` (never the writer lock's): a failover or a proxy's cut. */
async function terminate(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1`,
    [name],
  );
  return rows[0]?.n ?? 0;
}

it.runIf(url)('a lost PostgreSQL connection fails at most the batch it carried; the core reloads, reconnects and goes on [postgres]', async () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const name = `tessera-lost-${schema}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const lost: Error[] = [];
  const db = await openPostgres({ connectionString: url!, schema, max: 4, applicationName: name, onConnectionError: (error) => lost.push(error) });
  try {
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    await db.claimWriter();
    const userId = (await db.query<{ id: number }>(`select id from users where account = 'demo@tessera.example'`))[0]?.id ?? 0;
    const faults: unknown[] = [];
    const core = new Core(new CoreRepository(db), (error) => faults.push(error));
    await core.start();
    const credit = (key: string): CoreCommand => ({
      kind: 'adjust', key, userId, currencyId: USDT, wallet: 'micro', amount: parseAmount('1'), reason: 'adjustment', reference: 'lost connection test',
    });
    const balanceInDatabase = async () =>
      parseAmount((await db.query<{ available: string }>(`select available::text from balances where user_id = $1 and currency_id = $2 and wallet = 'micro'`, [userId, USDT]))[0]?.available ?? '0');
    const before = await balanceInDatabase();

    // load: waves of credits; the pool's connections are cut while busy and while idle
    const outcomes: PromiseSettledResult<unknown>[] = [];
    let terminated = 0;
    for (let wave = 0; wave < 12; wave++) {
      const commands = Array.from({ length: 150 }, (_, index) => core.execute(credit(`lost-${wave}-${index}`)));
      if (wave % 2 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        terminated += await terminate(admin, name);
      }
      outcomes.push(...(await Promise.allSettled(commands)));
      if (wave % 3 === 1) terminated += await terminate(admin, name);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(terminated).toBeGreaterThan(0);

    // nothing but "please retry" for the batches a lost connection carried; the core runs on
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(Refusal);
    }
    expect(core.state).toBe('running');
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(0);
    expect(await core.execute(credit('lost-after'))).toEqual({ applied: true });

    // every answered credit is durable; memory and the database agree (a batch whose reply was lost
    // was either written whole or not at all, and the reload took what was)
    const durable = (await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like 'lost-%'`))[0]?.n ?? 0;
    const answered = outcomes.filter((outcome) => outcome.status === 'fulfilled').length + 1;
    expect(durable).toBeGreaterThanOrEqual(answered);
    expect(await balanceInDatabase()).toBe(before + BigInt(durable) * parseAmount('1'));
    expect(core.read.balance({ userId, currencyId: USDT, wallet: 'micro' }).available).toBe(await balanceInDatabase());
    expect((await runAudit(db)).ok).toBe(true);
    await core.stop();
  } finally {
    await db.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
});
