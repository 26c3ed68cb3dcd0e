import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const BTC = 1;
const USDT = 3;
let sequence = 0;
const key = () => `spot-test-${(sequence += 1)}`;

describeEachDatabase('spot trading in the core', (kind) => {
  let db: Database;
  let core: Core;
  let pairId: number;
  let feeAccount: number;
  const users: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
    const [fee] = await db.query<{ id: number }>(`select id from users where kind = 'fee'`);
    feeAccount = fee?.id ?? 0;
    const rows = await db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id`);
    users.push(...rows.map((row) => row.id));
    core = new Core(new CoreRepository(db));
    await core.start();
    for (const userId of users) {
      for (const [currencyId, amount] of [[USDT, '1000000'], [BTC, '10']] as const) {
        await core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
      }
    }
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    expect((await runAudit(db)).ok).toBe(true);
  });

  const place = (userId: number, side: 'buy' | 'sell', quantity: string, price?: string): CoreCommand => ({
    kind: 'spot_place',
    key: key(),
    userId,
    pairId,
    side,
    type: price === undefined ? 'market' : 'limit',
    quantity: parseAmount(quantity),
    ...(price === undefined ? {} : { price: parseAmount(price) }),
  });
  const balance = (userId: number, currencyId: number) => {
    const b = core.read.balance({ userId, currencyId, wallet: 'change' });
    return { available: formatAmount(b.available), locked: formatAmount(b.locked) };
  };
  async function orderRow(id: number) {
    const [row] = await db.query<{ status: string; filled: string; locked: string }>(
      'select status, filled::text, locked::text from spot_orders where id = $1',
      [id],
    );
    return row && { status: row.status, filled: formatAmount(parseAmount(row.filled)), locked: formatAmount(parseAmount(row.locked)) };
  }

  it('locks funds for resting orders, trades at the maker price, charges maker and taker fees exactly', async () => {
    const [seller = 0, buyer = 0] = users;
    const sell = await core.execute(place(seller, 'sell', '0.5', '60000'));
    expect(balance(seller, BTC)).toEqual({ available: '9.5', locked: '0.5' });
    const buy = await core.execute(place(buyer, 'buy', '0.2', '60100'));
    // the buyer held 60100 × 0.2 but paid 60000 × 0.2: the difference comes back at once
    expect(balance(buyer, USDT)).toEqual({ available: '988000', locked: '0' });
    // taker (buyer) pays 0.2% of the BTC it receives; maker (seller) 0.1% of the USDT
    expect(balance(buyer, BTC)).toEqual({ available: '10.1996', locked: '0' });
    expect(balance(seller, USDT)).toEqual({ available: '1011988', locked: '0' });
    expect(balance(seller, BTC)).toEqual({ available: '9.5', locked: '0.3' });
    expect(balance(feeAccount, BTC).available).toBe('0.0004');
    expect(balance(feeAccount, USDT).available).toBe('12');
    expect(await orderRow(buy.applied ? (buy.orderId ?? 0) : 0)).toEqual({ status: 'filled', filled: '0.2', locked: '0' });
    expect(await orderRow(sell.applied ? (sell.orderId ?? 0) : 0)).toEqual({ status: 'open', filled: '0.2', locked: '0.3' });
    const trades = await db.query<{ price: string; quantity: string }>('select price::text, quantity::text from spot_trades');
    expect(trades.map((t) => [formatAmount(parseAmount(t.price)), formatAmount(parseAmount(t.quantity))])).toEqual([['60000', '0.2']]);
  });

  it('cancels an open order, releasing exactly what it still holds', async () => {
    const [seller = 0] = users;
    const [open] = await db.query<{ id: string }>(`select id::text from spot_orders where status = 'open' and user_id = $1`, [seller]);
    await core.execute({ kind: 'spot_cancel', key: key(), userId: seller, orderId: Number(open?.id) });
    expect(balance(seller, BTC)).toEqual({ available: '9.8', locked: '0' });
    expect(await orderRow(Number(open?.id))).toEqual({ status: 'cancelled', filled: '0.2', locked: '0' });
  });

  it("refuses to cancel someone else's order or an unknown one", async () => {
    const [alice = 0, bob = 0] = users;
    const placed = await core.execute(place(alice, 'buy', '1', '100'));
    const orderId = placed.applied ? (placed.orderId ?? 0) : 0;
    await expect(core.execute({ kind: 'spot_cancel', key: key(), userId: bob, orderId })).rejects.toMatchObject({ key: 'not your order' });
    await expect(core.execute({ kind: 'spot_cancel', key: key(), userId: alice, orderId: 987654 })).rejects.toMatchObject({ key: 'order not found' });
    await core.execute({ kind: 'spot_cancel', key: key(), userId: alice, orderId });
    await expect(core.execute({ kind: 'spot_cancel', key: key(), userId: alice, orderId })).rejects.toMatchObject({ key: 'order not found' });
  });

  it('fills a market buy against a thin book and gives back the unused budget', async () => {
    const [maker = 0, taker = 0] = users;
    await core.execute(place(maker, 'sell', '0.1', '61000'));
    await core.execute(place(maker, 'sell', '0.1', '62000'));
    const before = parseAmount(balance(taker, USDT).available);
    const result = await core.execute(place(taker, 'buy', '0.5'));
    const spent = before - parseAmount(balance(taker, USDT).available);
    expect(formatAmount(spent)).toBe('12300');
    expect(balance(taker, USDT).locked).toBe('0');
    expect(await orderRow(result.applied ? (result.orderId ?? 0) : 0)).toEqual({ status: 'cancelled', filled: '0.2', locked: '0' });
  });

  it('refuses a market order with nothing to trade against', async () => {
    const [, taker = 0] = users;
    await expect(core.execute(place(taker, 'buy', '0.1'))).rejects.toMatchObject({ key: 'no market price' });
  });

  it('prevents a self-trade: the taker is cancelled, nothing trades, funds come back', async () => {
    const [alice = 0] = users;
    const tradesBefore = await db.query<{ n: number }>('select count(*)::int as n from spot_trades');
    const resting = await core.execute(place(alice, 'sell', '0.1', '63000'));
    const taker = await core.execute(place(alice, 'buy', '0.1', '63000'));
    const tradesAfter = await db.query<{ n: number }>('select count(*)::int as n from spot_trades');
    expect(tradesAfter[0]?.n).toBe(tradesBefore[0]?.n);
    expect(await orderRow(taker.applied ? (taker.orderId ?? 0) : 0)).toMatchObject({ status: 'cancelled', locked: '0' });
    expect(await orderRow(resting.applied ? (resting.orderId ?? 0) : 0)).toMatchObject({ status: 'open' });
    await core.execute({ kind: 'spot_cancel', key: key(), userId: alice, orderId: resting.applied ? (resting.orderId ?? 0) : 0 });
    expect(balance(alice, USDT).locked).toBe('0');
    expect(balance(alice, BTC).locked).toBe('0');
  });

  it('refuses bad orders before touching the book or the balances', async () => {
    const [alice = 0] = users;
    const refusal = (command: CoreCommand) => core.execute(command).then(() => 'accepted', (error: { key?: string }) => error.key);
    expect(await refusal(place(alice, 'buy', '1000', '60000'))).toBe('insufficient balance');
    expect(await refusal(place(alice, 'buy', '0', '60000'))).toBe('number must be greater than zero');
    expect(await refusal(place(alice, 'buy', '1', '0'))).toBe('price must be greater than zero');
    expect(await refusal(place(alice, 'buy', '0.0000001', '60000'))).toBe('parameter error');
    expect(await refusal(place(alice, 'buy', '1', '60000.001'))).toBe('parameter error');
    expect(await refusal({ ...place(alice, 'buy', '1', '100'), pairId: 9999 } as CoreCommand)).toBe('pair not found');
    expect(balance(alice, USDT).locked).toBe('0');
  });

  it('reloads open orders into the books at start, keeping their priority', async () => {
    const [alice = 0, bob = 0, carol = 0] = users;
    const first = await core.execute(place(alice, 'sell', '0.1', '64000'));
    const second = await core.execute(place(bob, 'sell', '0.1', '64000'));
    const restarted = new Core(new CoreRepository(db));
    await restarted.start();
    core = restarted;
    await core.execute(place(carol, 'buy', '0.1', '64000'));
    expect(await orderRow(first.applied ? (first.orderId ?? 0) : 0)).toMatchObject({ status: 'filled' });
    expect(await orderRow(second.applied ? (second.orderId ?? 0) : 0)).toMatchObject({ status: 'open' });
    await core.execute({ kind: 'spot_cancel', key: key(), userId: bob, orderId: second.applied ? (second.orderId ?? 0) : 0 });
  });
});
