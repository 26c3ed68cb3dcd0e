import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig, type Config } from '../../src/config';
import { runAudit } from '../../src/core/audit';
import type { Database } from '../../src/db/database';
import { seed } from '../../src/db/seed/seed';
import { deriveDepositAddress, developmentDepositKeys, parseDepositKeys } from '../../src/modules/deposits/chain';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { migrateBefore } from '../support/migrate-before';

const HASH = 'ab'.repeat(32);

/**
 * Migration 013 keys deposits by output. A deposit credited before it (one per transaction, under
 * the core key `deposit:<network>:<hash>`) becomes output 0 of its transaction: reporting it again
 * afterwards must credit nothing, while another output of the same transaction still credits.
 */
describeEachDatabase('deposits credited before output keying', (kind) => {
  let db: Database;
  let config: Config;
  let app: App;
  let userId: number;
  let address: string;

  beforeAll(async () => {
    db = await createTestDatabase(kind, { empty: true });
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
    // the database as it stood before migration 013
    await migrateBefore(db, '013');
    // reference data only: demo data fills tables of later migrations
    await seed(db, { demoData: false, supportUrl: config.SUPPORT_URL, appDownloadUrl: config.APP_DOWNLOAD_URL });
    const [user] = await db.query<{ id: number }>(`insert into users (account, password_hash, extension_code) values ('legacy@example.com', '!', 'LEGACY01') returning id`);
    userId = user?.id ?? 0;
    address = deriveDepositAddress(parseDepositKeys(developmentDepositKeys()), 'trc20', userId);
    await db.query(`insert into deposit_addresses (user_id, network, address, derivation_index) values ($1, 'trc20', $2, $1)`, [userId, address]);
    // a chain deposit of 5 USDT credited under the per-transaction key, and a manual claim still pending
    const [credited] = await db.query<{ id: string }>(
      `insert into deposit_requests (user_id, currency_id, network, source, tx_hash, amount, status, credited_amount)
       values ($1, 3, 'trc20', 'chain', $2, 5, 1, 5) returning id::text`,
      [userId, HASH],
    );
    await db.query(`insert into deposit_requests (user_id, currency_id, network, source, tx_hash, amount) values ($1, 3, 'trc20', 'manual', $2, 9)`, [userId, 'cd'.repeat(32)]);
    await db.query(`insert into balances (user_id, currency_id, wallet, available) values ($1, 3, 'change', 5)`, [userId]);
    await db.query(
      `insert into ledger_entries (user_id, currency_id, wallet, delta_available, delta_locked, reason, reference, idempotency_key)
       values ($1, 3, 'change', 5, 0, 'deposit', $2, $3)`,
      [userId, `deposit:${credited?.id}`, `deposit:trc20:${HASH}#0`],
    );
    await db.query(`insert into core_commands (idempotency_key, kind) values ($1, 'adjust')`, [`deposit:trc20:${HASH}`]);

    await prepareDatabase(db, config);
    app = await buildApp({ config, db });
    await app.http.ready();
  });
  afterAll(async () => {
    expect((await runAudit(db)).ok).toBe(true);
    await app.http.close();
    await db.close();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  });

  const report = async (outputIndex: number) =>
    (
      await app.http.inject({
        method: 'POST',
        url: '/api/dev/chain/deposit',
        payload: { network: 'trc20', address, currency_id: 3, tx_hash: HASH.toUpperCase(), amount: '5', output_index: outputIndex },
      })
    ).json<{ message: unknown }>().message;
  const available = () => app.core.read.balance({ userId, currencyId: 3, wallet: 'change' }).available;

  it('makes earlier deposits output 0, sent to the owner’s address for chain reports', async () => {
    const rows = await db.query<{ source: string; output_index: number; to_address: string }>(
      'select source, output_index, to_address from deposit_requests where user_id = $1 order by id',
      [userId],
    );
    expect(rows).toEqual([
      { source: 'chain', output_index: 0, to_address: address },
      { source: 'manual', output_index: 0, to_address: '' },
    ]);
  });

  it('credits nothing when a deposit credited before is reported again, and still credits another output', async () => {
    expect(await report(0)).toMatchObject({ applied: false, status: 1 });
    expect(available()).toBe(5_000_000_000_000_000_000n);
    expect(await report(1)).toMatchObject({ applied: true, status: 1 });
    expect(available()).toBe(10_000_000_000_000_000_000n);
  });
});
