import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig, type Config } from '../../src/config';
import { runAudit } from '../../src/core/audit';
import type { Database } from '../../src/db/database';
import { apiClient } from '../support/client';
import { manualClock } from '../support/clock';
import { createTestDatabase, describeEachDatabase, type TestApp } from '../support/test-app';
import { trader, USDT, type Trader } from './support';

interface Order {
  is_sure: number;
  cancel_reason: string;
}

/**
 * The 15-minute payment window is a core deadline: it cancels an unpaid order and gives its coins
 * back to the ad, on time while running and at start for a window that ended while stopped.
 */
describeEachDatabase('c2c payment window', (kind) => {
  // 22:00 in Shanghai: the tests below end past midnight there
  const time = manualClock(new Date('2026-11-22T14:00:00Z'));
  let db: Database;
  let config: Config;
  let app: TestApp;
  let api: ReturnType<typeof apiClient>;
  let seller: Trader;
  let buyer: Trader;
  let adId: number;

  /** The server on the same database: a restart. */
  async function start(): Promise<void> {
    const built: App = await buildApp({ config, db, clock: time.clock });
    await built.http.ready();
    app = { ...built, db, config, close: () => built.http.close() };
    api = apiClient(app);
  }

  const take = async (who: Trader, number: string) => (await api.post<{ id: number }>('c2c/do_legal_deal', { id: adId, number }, { token: who.token })).body;
  const order = async (who: Trader, id: number) => (await api.get<Order>('c2c_deal', { id }, { token: who.token })).body.message;
  const surplus = async () => (await api.get<{ data: { surplus_number: string }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data[0]?.surplus_number;

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MARKET_MAKERS: 'off', DATA_DIR: await mkdtemp(path.join(tmpdir(), 'tessera-test-')) });
    await prepareDatabase(db, config);
    await start();
    seller = await trader(app, api, 'window-seller@example.com', { usdt: '100' });
    buyer = await trader(app, api, 'window-buyer@example.com');
    expect((await api.post('c2c_send', { type: 'sell', currency_id: USDT, price: '7', total_number: '100', way: 'bank' }, { token: seller.token })).body.type).toBe('ok');
    adId = (await api.get<{ data: { id: number }[] }>('c2c/seller_trade', {}, { token: seller.token })).body.message.data[0]?.id ?? 0;
  });
  afterAll(async () => {
    expect(await runAudit(db)).toMatchObject({ ok: true });
    await app.close();
    await db.close();
    await rm(config.DATA_DIR, { recursive: true, force: true });
  });

  it('cancels an unpaid order when its 15 minutes end, and gives its coins back to the ad', async () => {
    const { id } = (await take(buyer, '30')).message;
    expect(await surplus()).toBe('70.00000000');
    time.advanceSeconds(14 * 60 + 59);
    await app.core.runDueDeadlines();
    expect((await order(buyer, id)).is_sure).toBe(0);
    time.advanceSeconds(1);
    await app.core.runDueDeadlines();
    expect(await order(buyer, id)).toMatchObject({ is_sure: 2, cancel_reason: 'timeout' });
    expect(await surplus()).toBe('100.00000000');
    expect(seller.legal()).toEqual({ available: '0', locked: '100' });
    // a late "I have paid" changes nothing
    expect((await api.post('c2c/user_legal_pay', { id }, { token: buyer.token })).body).toEqual({ type: 'error', message: 'order already handled' });
  });

  it('leaves a paid order alone when its window ends', async () => {
    const { id } = (await take(buyer, '10')).message;
    expect((await api.post('c2c/user_legal_pay', { id }, { token: buyer.token })).body.type).toBe('ok');
    time.advanceMinutes(20);
    await app.core.runDueDeadlines();
    expect((await order(buyer, id)).is_sure).toBe(3);
    expect((await api.post('c2c/legal_deal_sure', { id }, { token: seller.token })).body.type).toBe('ok');
    expect(buyer.legal()).toEqual({ available: '10', locked: '0' });
  });

  it('cancels at start an order whose window ended while the server was stopped', async () => {
    const { id } = (await take(buyer, '25')).message;
    expect(await surplus()).toBe('65.00000000');
    await app.close();
    time.advanceMinutes(16);
    await start();
    expect(await order(buyer, id)).toMatchObject({ is_sure: 2, cancel_reason: 'timeout' });
    expect(await surplus()).toBe('90.00000000');
    expect(seller.legal()).toEqual({ available: '0', locked: '90' });
  });

  it('counts timeouts as the buyer’s cancellations: the third restricts them until the next Shanghai day', async () => {
    // two timeouts so far today (Shanghai); the third comes now
    const { id } = (await take(buyer, '5')).message;
    time.advanceMinutes(15);
    await app.core.runDueDeadlines();
    expect((await order(buyer, id)).is_sure).toBe(2);
    expect(await take(buyer, '5')).toEqual({ type: 'error', message: 'daily cancel count exceeded' });
    // the restriction survives a restart
    await app.close();
    await start();
    expect(await take(buyer, '5')).toEqual({ type: 'error', message: 'daily cancel count exceeded' });
    time.advanceMinutes(60);
    expect((await take(buyer, '5')).type).toBe('ok');
  });
});
