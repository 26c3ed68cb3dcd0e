import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseAmount } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { bandOf } from '../../src/core/index-prices/rules';
import type { Database } from '../../src/db/database';
import { manualClock } from '../support/clock';
import { describeEachDatabase } from '../support/test-app';
import { atoms, BTC, key, LeverHarness, USDT } from '../lever/harness';

const INDEX = '60000';

/**
 * The attacks of issue 23, tried against the real core with one ordinary account, while the
 * index stays at 60,000 (its sources agree) and market makers quote five levels a side around it.
 * Before the index, each of them took money from the house: an emptied ask side and a bid of
 * 0.000001 BTC at 1,000,000 made the mark 1,000,000; quotes inside the spread opened and closed
 * positions at the attacker's own prices; a tiny trade before a contract's expiry chose its end
 * price. Now the attacker ends with no more than they started with, less the fees they paid, and
 * nobody else's position is triggered or liquidated.
 */
describeEachDatabase('attacks on the mark and the index', (kind) => {
  let db: Database;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  let h: LeverHarness;
  let attacker = 0;
  const victims: { user: number; trade: number }[] = [];

  /** The feed repeats the index every second while time passes: it stays fresh and the mark is remade at each tick. */
  async function hold(seconds: number) {
    for (let second = 0; second < seconds; second += 1) {
      time.advanceSeconds(1);
      await h.tick(h.pairId, parseAmount(INDEX));
    }
    await h.settle();
  }
  const place = (userId: number, side: 'buy' | 'sell', type: 'limit' | 'market', quantity: string, price?: string) =>
    h.core.execute({ kind: 'spot_place', key: key('spot'), userId, pairId: h.pairId, side, type, quantity: parseAmount(quantity), ...(price ? { price: parseAmount(price) } : {}) });
  const balance = (userId: number, currencyId: number, wallet: 'change' | 'lever' | 'micro') => {
    const held = h.core.read.balance({ userId, currencyId, wallet });
    return held.available + held.locked;
  };
  /** Everything the attacker holds, valued at the index. */
  const worth = () =>
    balance(attacker, USDT, 'change') + balance(attacker, USDT, 'lever') + balance(attacker, USDT, 'micro') + (balance(attacker, BTC, 'change') * parseAmount(INDEX)) / 10n ** 18n;
  const leverFees = async () => {
    const [row] = await db.query<{ fees: string | null }>('select sum(fee)::text as fees from lever_trades where user_id = $1', [attacker]);
    return parseAmount(row?.fees ?? '0');
  };
  const microFees = async () => {
    const [row] = await db.query<{ fees: string | null }>(`select sum(fee)::text as fees from micro_contracts where user_id = $1 and result <> 'void'`, [attacker]);
    return parseAmount(row?.fees ?? '0');
  };
  /** The mark never leaves the band around the index, whatever the book holds. */
  const expectMarkInBand = () => {
    const mark = h.core.read.mark(h.pairId)?.value ?? 0n;
    const index = parseAmount(INDEX);
    expect(mark >= index - bandOf(index) && mark <= index + bandOf(index)).toBe(true);
  };
  const expectVictimsUntouched = async () => {
    for (const victim of victims) expect((await h.trade(victim.trade))?.status).toBe(1);
  };
  /** The makers' ladder: five levels a side, 5 to 25 USDT from the index, 0.02 BTC each. */
  async function quoteLadder() {
    const [maker = 0] = h.makers;
    for (const order of h.core.read.openOrders(maker)) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: maker, orderId: order.id });
    for (let level = 1; level <= 5; level += 1) {
      await place(maker, 'buy', 'limit', '0.02', String(60000 - level * 5));
      await place(maker, 'sell', 'limit', '0.02', String(60000 + level * 5));
    }
  }

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { clock: time.clock, heartbeat: false });
    db = h.db;
    await h.fund(h.house, 'lever', '10000000');
    await h.fund(h.house, 'micro', '10000000');
    await h.fund(h.insurance, 'lever', '100000');
    await h.markAt(INDEX);
    await quoteLadder();
    // other users' positions near the mark: a short whose stop-loss is 60 above it, a 100× short
    // with 8 USDT liquidated about 110 above it, a long whose take-profit is 60 above it
    for (const [type, multiple, stop, funds] of [[2, 10, 'stop_loss', '1000'], [2, 100, null, '8'], [1, 10, 'take_profit', '1000']] as const) {
      const user = await h.newUser();
      await h.fund(user, 'lever', funds);
      const opened = await h.open(user, { type, multiple, hands: 1 });
      const trade = opened.applied ? (opened.leverTradeId ?? 0) : 0;
      if (stop === 'stop_loss') await h.core.execute({ kind: 'lever_setstop', key: key(), userId: user, tradeId: trade, takeProfit: null, stopLoss: parseAmount('60060') });
      if (stop === 'take_profit') await h.core.execute({ kind: 'lever_setstop', key: key(), userId: user, tradeId: trade, takeProfit: parseAmount('60060'), stopLoss: null });
      victims.push({ user, trade });
    }
    attacker = await h.newUser();
    await h.fund(attacker, 'change', '10000');
    await h.fund(attacker, 'lever', '10000');
    await h.fund(attacker, 'micro', '10000');
    await hold(1);
  });
  afterAll(async () => {
    await h.core.stop();
    await db.close();
  });

  it('an emptied ask side and a tiny bid at 1,000,000 move the mark no further than the band; the attacker’s 100× long gains nothing', async () => {
    const start = worth();
    const opened = await h.open(attacker, { type: 1, multiple: 100, hands: 1 });
    const trade = opened.applied ? (opened.leverTradeId ?? 0) : 0;
    // buy the whole ask side (0.1 BTC), then bid 0.000001 BTC at 1,000,000
    await place(attacker, 'buy', 'market', '0.1');
    expect(h.core.read.depth(h.pairId, 1).asks).toEqual([]);
    await place(attacker, 'buy', 'limit', '0.000001', '1000000');
    // the mark is remade at every tick for a while: it stays within the band
    for (let second = 0; second < 6; second += 1) {
      await hold(1);
      expectMarkInBand();
    }
    await h.core.execute({ kind: 'lever_close', key: key(), userId: attacker, tradeId: trade });
    const closed = await h.trade(trade);
    // closed at the index's mark less the spread, not at 999,999.50
    expect(atoms(closed?.close_price ?? '0') < atoms('60013')).toBe(true);
    for (const order of h.core.read.openOrders(attacker)) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: attacker, orderId: order.id });
    expect(worth()).toBeLessThanOrEqual(start - (await leverFees()));
    await expectVictimsUntouched();
    await quoteLadder();
    await hold(5);
  });

  it('quotes inside the spread neither open nor close a position at the attacker’s prices: three rounds lose the fees', async () => {
    const start = worth();
    const fees = await leverFees();
    for (let round = 0; round < 3; round += 1) {
      // a tiny sell just above the best bid, a long opened, the sell cancelled, a tiny buy just under the best ask, the long closed
      const sell = await place(attacker, 'sell', 'limit', '0.000001', '59995.01');
      const opened = await h.open(attacker, { type: 1, multiple: 100, hands: 10 });
      const trade = opened.applied ? (opened.leverTradeId ?? 0) : 0;
      expect((await h.trade(trade))?.price).toBe('60000.500000000000000000');
      if (sell.applied && sell.orderId) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: attacker, orderId: sell.orderId });
      const buy = await place(attacker, 'buy', 'limit', '0.000001', '60004.99');
      await hold(3);
      expectMarkInBand();
      await h.core.execute({ kind: 'lever_close', key: key(), userId: attacker, tradeId: trade });
      expect((await h.trade(trade))?.close_price).toBe('59999.500000000000000000');
      if (buy.applied && buy.orderId) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: attacker, orderId: buy.orderId });
      await hold(2);
    }
    expect(worth()).toBeLessThanOrEqual(start - ((await leverFees()) - fees));
    await expectVictimsUntouched();
  });

  it('moving the book before opening a contract and trading just before its expiry change no result: every round is a tie that costs the fee', async () => {
    const start = worth();
    const fees = await microFees();
    for (let round = 0; round < 3; round += 1) {
      // the old trick: a low ask moves the book down, "up" opens, and 0.7 s before the expiry a market buy lifts the last trade
      const ask = await place(attacker, 'sell', 'limit', '0.000001', '59000');
      const opened = await h.core.execute({
        kind: 'micro_open',
        key: key('micro'),
        userId: attacker,
        pairId: h.pairId,
        currencyId: USDT,
        type: 1,
        seconds: 30,
        number: parseAmount('1000'),
        fee: parseAmount('5'),
        profitRatio: parseAmount('80'),
      });
      expect(opened.applied).toBe(true);
      if (ask.applied && ask.orderId && h.core.read.isOrderOpen(ask.orderId)) await h.core.execute({ kind: 'spot_cancel', key: key(), userId: attacker, orderId: ask.orderId });
      await hold(29);
      time.advanceSeconds(0.3);
      await place(attacker, 'buy', 'market', '0.001');
      await hold(2);
      await h.core.runDueDeadlines();
      await h.settle();
      const [row] = await db.query<{ result: string; open_price: string; end_price: string }>(
        'select result, open_price::text, end_price::text from micro_contracts where id = $1',
        [opened.applied ? opened.microId : 0],
      );
      expect(row).toMatchObject({ result: 'tie', open_price: '60000.000000000000000000', end_price: '60000.000000000000000000' });
      await quoteLadder();
    }
    expect(worth()).toBeLessThanOrEqual(start - ((await microFees()) - fees));
    await expectVictimsUntouched();
    const audit = await runAudit(db);
    expect(audit.settlementMismatches).toEqual([]);
    expect(audit.ok).toBe(true);
    expect(h.faults).toEqual([]);
  });
});
