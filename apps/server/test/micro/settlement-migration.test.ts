import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig, type Config } from '../../src/config';
import { runAudit } from '../../src/core/audit';
import { formatAmount, parseAmount } from '../../src/core/amount';
import type { Database } from '../../src/db/database';
import { seed } from '../../src/db/seed/seed';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { migrateBefore } from '../support/migrate-before';

const USDT = 3;

/**
 * Migration 022 moves settlements to one row per pair and instant. A contract settled before it
 * (its own row updated, its own `micro_win` entry) keeps its outcome and passes the audit; one
 * still running then settles the new way when the server starts.
 */
describeEachDatabase('second contracts settled before settlements had a row', (kind) => {
  let db: Database;
  let config: Config;
  let app: App;
  let player = 0;
  let house = 0;
  let pairId = 0;

  beforeAll(async () => {
    db = await createTestDatabase(kind, { empty: true });
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
    // the database as it stood before migration 022
    await migrateBefore(db, '022');
    await seed(db, { demoData: false, supportUrl: config.SUPPORT_URL, appDownloadUrl: config.APP_DOWNLOAD_URL });
    const [user] = await db.query<{ id: number }>(`insert into users (account, password_hash, extension_code) values ('legacy.micro@example.com', '!', 'LEGMIC01') returning id`);
    player = user?.id ?? 0;
    house = (await db.query<{ id: number }>(`select id from users where kind = 'house'`))[0]?.id ?? 0;
    const fee = (await db.query<{ id: number }>(`select id from users where kind = 'fee'`))[0]?.id ?? 0;
    pairId = (await db.query<{ id: number }>('select id from currency_pairs where currency_id = 1 and legal_id = $1', [USDT]))[0]?.id ?? 0;
    // one trade at 60,100, ten seconds after both openings at 60,000
    await db.query(
      `insert into spot_trades (id, pair_id, price, quantity, taker_side, buy_order_id, sell_order_id, buyer_id, seller_id, buyer_fee, seller_fee, created_at)
       values (1, $1, 60100, 0.01, 'buy', 1, 2, $2, $2, 0, 0, '2026-11-20T08:00:10Z')`,
      [pairId, player],
    );
    const contract = (id: number, type: number, expiresAt: string, settled: boolean) =>
      db.query(
        `insert into micro_orders (id, user_id, pair_id, currency_id, type, seconds, number, fee, profit_ratio, reserve, open_price, open_last, opened_at, expires_at,
                                   status, end_price, end_trade_id, result, fact_profits, settled_at)
         values ($1, $2, $3, $4, $5, 30, 100, 1, 80, 80, 60000, 60000, '2026-11-20T08:00:00Z', $6, $7, $8, $9, $10, $11, $12)`,
        [id, player, pairId, USDT, type, expiresAt, settled ? 3 : 1, settled ? 60100 : null, settled ? 1 : null, settled ? 'win' : null, settled ? 80 : null, settled ? expiresAt : null],
      );
    await contract(1, 1, '2026-11-20T08:00:30Z', true);
    await contract(2, 2, '2026-11-20T08:00:35Z', false);
    const entries: [number, number, number, string, string][] = [
      [player, 1000, 0, 'adjustment', 'funds'],
      [house, 1000, 0, 'adjustment', 'funds'],
    ];
    for (const id of [1, 2]) {
      entries.push([player, -100, 100, 'micro_stake', `micro:${id}`], [player, -1, 0, 'micro_fee', `micro:${id}`], [fee, 1, 0, 'micro_fee', `micro:${id}`]);
      entries.push([house, -80, 80, 'micro_reserve', `micro:${id}`]);
    }
    // the old settlement of contract 1: its owner's own entry, and the house's net for the instant
    entries.push([player, 180, -100, 'micro_win', 'micro:1'], [house, 0, -80, 'micro_settle', `micro:settle:${pairId}:${Date.parse('2026-11-20T08:00:30Z')}`]);
    for (const [index, [userId, available, locked, reason, reference]] of entries.entries()) {
      await db.query(
        `insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
         values ($1, $2, 'micro', $3, $4, $5, $6, $7)`,
        [userId, USDT, available, locked, reason, reference, `legacy:${index}`],
      );
    }
    await db.query(
      `insert into balances (user_id, currency_id, wallet, available, locked)
       select user_id, currency_id, wallet, sum(delta_available), sum(delta_locked) from ledger_entries group by user_id, currency_id, wallet`,
    );

    await prepareDatabase(db, config);
    // the core's start settles contract 2, expired while the server was down
    app = await buildApp({ config, db });
    await app.http.ready();
  });
  afterAll(async () => {
    await app.http.close();
    await db.close();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  });

  const outcome = async (id: number) => {
    const [row] = await db.query<{ status: number; end_price: string; result: string; fact_profits: string; reference: string | null }>(
      'select status, end_price::text, result, fact_profits::text, settlement_reference as reference from micro_contracts where id = $1',
      [id],
    );
    return row && { ...row, end_price: formatAmount(parseAmount(row.end_price)), fact_profits: formatAmount(parseAmount(row.fact_profits)) };
  };

  it('keeps the outcome of a contract settled before, and settles one still running the new way', async () => {
    expect(await outcome(1)).toEqual({ status: 3, end_price: '60100', result: 'win', fact_profits: '80', reference: null });
    // still running when the index came (migration 023): no index tick at its expiry, so it is void,
    // as every contract of an instant without a fresh index: its stake and its fee come back
    expect(await outcome(2)).toEqual({ status: 3, end_price: '60000', result: 'void', fact_profits: '0', reference: `micro:settle:${pairId}:${Date.parse('2026-11-20T08:00:35Z')}` });
    expect(app.core.read.balance({ userId: player, currencyId: USDT, wallet: 'micro' })).toEqual({ available: parseAmount('1079'), locked: 0n });
    // the house: 1000, less the reserve paid to the win; the void contract's reserve came back
    expect(app.core.read.balance({ userId: house, currencyId: USDT, wallet: 'micro' })).toEqual({ available: parseAmount('920'), locked: 0n });
  });

  it('passes the audit: the old contract by its own entries, the new by its settlement’s', async () => {
    const report = await runAudit(db);
    expect(report.settlementMismatches).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
