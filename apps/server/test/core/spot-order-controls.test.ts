import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import type { CoreCommand } from '../../src/core/commands';
import { Core } from '../../src/core/core';
import { CoreRepository } from '../../src/core/repository';
import type { PlaceSpotOrder } from '../../src/core/spot/markets';
import type { Database } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const BTC = 1;
const USDT = 3;
let sequence = 0;
const key = () => `controls-test-${(sequence += 1)}`;

/** Polls until `check` holds: a fired trigger is applied in a batch after the one that fired it. */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describeEachDatabase('spot order controls in the core: time in force, post-only, self-trade modes, stop-limit, client order ids', (kind) => {
  let db: Database;
  let core: Core;
  let pairId: number;
  const users: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
    const rows = await db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id`);
    users.push(...rows.map((row) => row.id));
    expect(users.length).toBeGreaterThanOrEqual(3);
    core = new Core(new CoreRepository(db));
    await core.start();
    for (const userId of users) {
      for (const [currencyId, amount] of [[USDT, '1000000'], [BTC, '10']] as const) {
        await core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
      }
    }
  });
  afterAll(async () => {
    await core.stop();
    await db.close();
  });
  beforeEach(async () => {
    // every test starts from an empty book
    for (const userId of users) {
      for (const order of core.read.openOrders(userId)) await core.execute({ kind: 'spot_cancel', key: key(), userId, orderId: order.id });
    }
    expect((await runAudit(db)).ok).toBe(true);
  });

  type OrderText = Omit<PlaceSpotOrder, 'userId' | 'pairId' | 'quantity' | 'price' | 'stopPrice'> & { quantity: string; price?: string; stopPrice?: string };
  const place = (userId: number, { quantity, price, stopPrice, ...controls }: OrderText, commandKey = key()): CoreCommand => ({
    kind: 'spot_place',
    key: commandKey,
    userId,
    pairId,
    ...controls,
    quantity: parseAmount(quantity),
    ...(price === undefined ? {} : { price: parseAmount(price) }),
    ...(stopPrice === undefined ? {} : { stopPrice: parseAmount(stopPrice) }),
  });
  const balance = (userId: number, currencyId: number) => {
    const b = core.read.balance({ userId, currencyId, wallet: 'change' });
    return { available: formatAmount(b.available), locked: formatAmount(b.locked) };
  };
  async function orderRow(id: number) {
    const [row] = await db.query<{ status: string; filled: string; locked: string; type: string; time_in_force: string; post_only: boolean; stp: string; trigger_price: string | null; trigger_trade_id: string | null }>(
      'select status, filled::text, locked::text, type, time_in_force, post_only, stp, trigger_price::text, trigger_trade_id::text from spot_orders where id = $1',
      [id],
    );
    return row && { ...row, filled: formatAmount(parseAmount(row.filled)), locked: formatAmount(parseAmount(row.locked)), trigger_price: row.trigger_price && formatAmount(parseAmount(row.trigger_price)) };
  }
  const orderIdOf = (result: Awaited<ReturnType<Core['execute']>>) => (result.applied ? (result.orderId ?? 0) : 0);

  it('refuses a post-only order that would take, changing nothing; rests one that would not', async () => {
    const [maker = 0, other = 0] = users;
    await core.execute(place(maker, { side: 'sell', type: 'limit', price: '50000', quantity: '1' }));
    const before = balance(other, USDT);
    await expect(core.execute(place(other, { side: 'buy', type: 'limit', price: '50000', quantity: '0.5', postOnly: true }))).rejects.toThrow('post only order would take');
    expect(balance(other, USDT)).toEqual(before);
    expect(core.read.openOrders(other)).toEqual([]);
    const rests = orderIdOf(await core.execute(place(other, { side: 'buy', type: 'limit', price: '49999', quantity: '0.5', postOnly: true })));
    expect(await orderRow(rests)).toMatchObject({ status: 'open', post_only: true, filled: '0' });
    expect(balance(other, USDT).locked).toBe('24999.5');
  });

  it('IOC fills what it can and cancels the rest; FOK trades nothing unless it fills whole', async () => {
    const [maker = 0, taker = 0] = users;
    await core.execute(place(maker, { side: 'sell', type: 'limit', price: '50000', quantity: '0.3' }));
    const ioc = orderIdOf(await core.execute(place(taker, { side: 'buy', type: 'limit', price: '50000', quantity: '0.5', timeInForce: 'IOC' })));
    expect(await orderRow(ioc)).toMatchObject({ status: 'cancelled', filled: '0.3', locked: '0', time_in_force: 'IOC' });
    expect(balance(taker, USDT).locked).toBe('0');

    await core.execute(place(maker, { side: 'sell', type: 'limit', price: '50000', quantity: '0.3' }));
    const usdt = balance(taker, USDT);
    const killed = orderIdOf(await core.execute(place(taker, { side: 'buy', type: 'limit', price: '50000', quantity: '0.5', timeInForce: 'FOK' })));
    expect(await orderRow(killed)).toMatchObject({ status: 'cancelled', filled: '0', locked: '0', time_in_force: 'FOK' });
    expect(balance(taker, USDT)).toEqual(usdt);
    const whole = orderIdOf(await core.execute(place(taker, { side: 'buy', type: 'limit', price: '50000', quantity: '0.3', timeInForce: 'FOK' })));
    expect(await orderRow(whole)).toMatchObject({ status: 'filled', filled: '0.3' });
  });

  it('applies the self-trade mode of each order: cancel the taker, the maker, or both', async () => {
    const [me = 0, other = 0] = users;
    const setUp = async () => {
      const mine = orderIdOf(await core.execute(place(me, { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' })));
      const theirs = orderIdOf(await core.execute(place(other, { side: 'sell', type: 'limit', price: '50001', quantity: '0.1' })));
      return { mine, theirs };
    };
    let book = await setUp();
    const taker = orderIdOf(await core.execute(place(me, { side: 'buy', type: 'limit', price: '50001', quantity: '0.1' })));
    expect(await orderRow(taker)).toMatchObject({ status: 'cancelled', filled: '0' });
    expect(await orderRow(book.mine)).toMatchObject({ status: 'open' });
    await core.execute({ kind: 'spot_cancel', key: key(), userId: me, orderId: book.mine });
    await core.execute({ kind: 'spot_cancel', key: key(), userId: other, orderId: book.theirs });

    book = await setUp();
    const makerMode = orderIdOf(await core.execute(place(me, { side: 'buy', type: 'limit', price: '50001', quantity: '0.1', stp: 'cancel_maker' })));
    expect(await orderRow(book.mine)).toMatchObject({ status: 'cancelled', locked: '0' });
    expect(await orderRow(makerMode)).toMatchObject({ status: 'filled', stp: 'cancel_maker' });
    expect(await orderRow(book.theirs)).toMatchObject({ status: 'filled' });

    book = await setUp();
    const both = orderIdOf(await core.execute(place(me, { side: 'buy', type: 'limit', price: '50001', quantity: '0.1', stp: 'cancel_both' })));
    expect(await orderRow(book.mine)).toMatchObject({ status: 'cancelled' });
    expect(await orderRow(both)).toMatchObject({ status: 'cancelled', filled: '0' });
    expect(await orderRow(book.theirs)).toMatchObject({ status: 'open' });
  });

  it('places a client order id once, however often the place is repeated', async () => {
    const [me = 0] = users;
    const commandKey = `spot-client:${me}:bot-1`;
    const results = await Promise.all(Array.from({ length: 10 }, () => core.execute(place(me, { side: 'buy', type: 'limit', price: '100', quantity: '1', clientOrderId: 'bot-1' }, commandKey))));
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    const again = await core.execute(place(me, { side: 'buy', type: 'limit', price: '100', quantity: '1', clientOrderId: 'bot-1' }, commandKey));
    expect(again).toEqual({ applied: false, duplicate: true });
    const rows = await db.query<{ id: string }>(`select id::text from spot_orders where user_id = $1 and client_order_id = 'bot-1'`, [me]);
    expect(rows).toHaveLength(1);
  });

  it('fires a stop-limit order on the first trade that reaches its stop, records that trade, and survives a restart while it waits', async () => {
    const [trader = 0, other = 0] = users;
    // a last trade at 40000
    await core.execute(place(other, { side: 'sell', type: 'limit', price: '40000', quantity: '0.01' }));
    await core.execute(place(trader, { side: 'buy', type: 'limit', price: '40000', quantity: '0.01' }));

    await expect(core.execute(place(trader, { side: 'buy', type: 'stop_limit', price: '41000', stopPrice: '39000', quantity: '0.1' }))).rejects.toThrow('stop price would trigger at once');
    await expect(core.execute(place(trader, { side: 'buy', type: 'stop_limit', price: '41000', quantity: '0.1' }))).rejects.toThrow('stop price must be greater than zero');
    const usdt = balance(trader, USDT);
    const stop = orderIdOf(await core.execute(place(trader, { side: 'buy', type: 'stop_limit', price: '41000', stopPrice: '40500', quantity: '0.1' })));
    // held as a limit order would be, and not in the book
    expect(balance(trader, USDT).locked).toBe(formatAmount(parseAmount(usdt.locked) + parseAmount('4100')));
    expect(core.read.depth(pairId, 5).bids.some((level) => level.price === parseAmount('41000'))).toBe(false);
    const cancelled = orderIdOf(await core.execute(place(trader, { side: 'sell', type: 'stop_limit', price: '30000', stopPrice: '35000', quantity: '0.1' })));
    await core.execute({ kind: 'spot_cancel', key: key(), userId: trader, orderId: cancelled });
    expect(await orderRow(cancelled)).toMatchObject({ status: 'cancelled', locked: '0' });

    // a restart: the waiting stop comes back as a trigger, not as a resting order
    await core.stop();
    core = new Core(new CoreRepository(db));
    await core.start();
    expect(core.read.depth(pairId, 5).bids.some((level) => level.price === parseAmount('41000'))).toBe(false);

    // a spike through 40500 and back, within one batch: the stop fires on the 40600 print
    const third = users[2] ?? 0;
    await core.execute(place(other, { side: 'sell', type: 'limit', price: '40600', quantity: '0.01' }));
    await core.execute(place(other, { side: 'buy', type: 'limit', price: '40000', quantity: '0.01' }));
    await core.execute(place(other, { side: 'sell', type: 'limit', price: '40800', quantity: '0.5' }));
    await Promise.all([
      core.execute(place(third, { side: 'buy', type: 'limit', price: '40600', quantity: '0.01' })),
      core.execute(place(third, { side: 'sell', type: 'limit', price: '40000', quantity: '0.01' })),
    ]);
    await until(async () => (await orderRow(stop))?.trigger_price !== null, 'the stop to fire');
    const fired = await orderRow(stop);
    expect(fired).toMatchObject({ type: 'stop_limit', trigger_price: '40600' });
    // then a limit buy at 41000 that took the 40800 offer
    await until(async () => (await orderRow(stop))?.status === 'filled', 'the fired stop to fill');
    expect(await orderRow(stop)).toMatchObject({ status: 'filled', filled: '0.1', locked: '0' });
    expect((await runAudit(db)).ok).toBe(true);
  });

  it('fires a waiting stop after a restart when the last trade already reached it', async () => {
    const [trader = 0, other = 0] = users;
    await core.execute(place(other, { side: 'sell', type: 'limit', price: '45000', quantity: '0.01' }));
    await core.execute(place(trader, { side: 'buy', type: 'limit', price: '45000', quantity: '0.01' }));
    const stop = orderIdOf(await core.execute(place(trader, { side: 'sell', type: 'stop_limit', price: '30000', stopPrice: '44000', quantity: '0.01' })));
    // the trade that reaches the stop is durable, but the process ends before the firing is
    await core.stop();
    const [bid] = await db.query<{ id: string }>(`select max(id)::text as id from spot_trades`);
    await db.query(
      `insert into spot_trades (id, pair_id, price, quantity, taker_side, buy_order_id, sell_order_id, buyer_id, seller_id, buyer_fee, seller_fee, created_at)
       values ($1, $2, 43000, 0, 'sell', 0, 0, $3, $3, 0, 0, now())`,
      [Number(bid?.id ?? 0) + 1, pairId, other],
    );
    core = new Core(new CoreRepository(db));
    await core.start();
    await until(async () => (await orderRow(stop))?.trigger_price === '43000', 'the stop to fire after the restart');
  });
});
