import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAudit } from '../../src/core/audit';
import { Core } from '../../src/core/core';
import type { CoreEvents } from '../../src/core/events';
import type { CoreCommand } from '../../src/core/kinds';
import { CoreRepository } from '../../src/core/repository';
import { atoms, BTC, ETH, key, LeverHarness, USDT } from '../lever/harness';
import { followInProcess, viewOf, type InProcessReplica } from '../support/replica';
import { describeEachDatabase } from '../support/test-app';

/** A small deterministic generator: the same load every run. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor(state / 65536) % below;
  };
}

const ignore = (promise: Promise<unknown>) => promise.catch(() => undefined);

describeEachDatabase('a gateway’s copy replays the core’s durable batches', (kind) => {
  let h: LeverHarness;
  let copy: InProcessReplica;
  const users: number[] = [];

  beforeAll(async () => {
    h = await LeverHarness.open(kind, { heartbeat: false });
    await h.fund(h.house, 'lever', '1000000');
    await h.markAt('60000');
    // the copy loads after what came before and replays what comes after
    copy = await followInProcess(h.core, h.db);
    for (let index = 0; index < 16; index += 1) {
      const userId = await h.newUser();
      users.push(userId);
      await Promise.all([h.fund(userId, 'change', '1000000'), h.fund(userId, 'change', '20', BTC), h.fund(userId, 'lever', '50000')]);
    }
  });
  afterAll(async () => {
    await h.core.stop();
    expect((await runAudit(h.db)).ok).toBe(true);
    await h.db.close();
  });

  const caughtUpView = async () => {
    await h.settle();
    await copy.caughtUp();
    return { core: viewOf(h.core, users, h.pairId), copy: viewOf(copy.replica, users, h.pairId) };
  };

  it('matches the core exactly after matching orders, cancels, lever opens and closes, transfers and mark moves', async () => {
    const random = generator(kind === 'pglite' ? 7 : 11);
    const reloadsBefore = copy.follower.reloads;
    const marks = ['60000', '60400', '59600', '61000', '58800', '60000'];
    let closed = 0;
    for (let round = 0; round < marks.length * 2; round += 1) {
      const commands: Promise<unknown>[] = [];
      for (const userId of users) {
        const choice = random(10);
        if (choice < 5) {
          commands.push(
            h.core.execute({
              kind: 'spot_place',
              key: key('place'),
              userId,
              pairId: h.pairId,
              side: random(2) === 0 ? 'buy' : 'sell',
              type: 'limit',
              quantity: atoms(`0.0${1 + random(5)}`),
              price: atoms(String(59_950 + 10 * random(11))),
            } as CoreCommand),
          );
        } else if (choice < 6) {
          const order = h.core.read.openOrders(userId)[0];
          if (order) commands.push(h.core.execute({ kind: 'spot_cancel', key: key('cancel'), userId, orderId: order.id }));
        } else if (choice < 8) {
          commands.push(h.open(userId, { type: random(2) === 0 ? 1 : 2, multiple: 5 + random(20) }));
        } else if (choice < 9) {
          const held = h.core.read.leverTradesOf(userId).find((trade) => trade.status === 1);
          if (held) commands.push(h.core.execute({ kind: 'lever_close', key: key('close'), userId, tradeId: held.id }).then(() => (closed += 1)));
        } else {
          const [from, to] = random(2) === 0 ? (['change', 'micro'] as const) : (['micro', 'change'] as const);
          commands.push(h.core.execute({ kind: 'transfer', key: key('transfer'), userId, currencyId: USDT, from, to, amount: atoms(String(1 + random(500))) }));
        }
      }
      // submitted together: they share batches, as a busy core's commands do
      await Promise.all(commands.map(ignore));
      if (round % 2 === 1) await h.markAt(marks[(round - 1) / 2] as string);
    }
    const { core, copy: replayed } = await caughtUpView();
    // the load did trade, open and close: a comparison of empty states would prove nothing
    expect(h.core.read.lastPrice(h.pairId)).not.toBeNull();
    expect(core.lever.flat().length).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
    expect(replayed).toEqual(core);
    expect(copy.replica.read.lastPrice(h.pairId)).toBe(h.core.read.lastPrice(h.pairId));
    expect(copy.follower.reloads).toBe(reloadsBefore);
    expect(copy.faults).toEqual([]);
    // and both are what the database holds: a copy loaded afresh agrees
    const fresh = new Core(new CoreRepository(h.db));
    await fresh.startReplica(() => Promise.reject(new Error('read only')));
    expect(viewOf(fresh, users, h.pairId)).toEqual(core);
  });

  it('reloads at a gap (a batch lost on the way) and still matches the core', async () => {
    const reloadsBefore = copy.follower.reloads;
    const [seller, buyer] = users as [number, number];
    copy.loseNext();
    await h.core.execute({ kind: 'spot_place', key: key('lost'), userId: seller, pairId: h.pairId, side: 'sell', type: 'limit', quantity: atoms('0.02'), price: atoms('70000') } as CoreCommand);
    expect(copy.replica.sequence).toBe(h.core.sequence - 1);
    // the next batch shows the gap
    await h.core.execute({ kind: 'spot_place', key: key('after'), userId: buyer, pairId: h.pairId, side: 'buy', type: 'limit', quantity: atoms('0.01'), price: atoms('70000') } as CoreCommand);
    const { core, copy: replayed } = await caughtUpView();
    expect(copy.follower.reloads).toBe(reloadsBefore + 1);
    expect(replayed).toEqual(core);
  });

  it('reloads when a batch does not apply on the copy as it did on the core, and still matches it', async () => {
    const reloadsBefore = copy.follower.reloads;
    const [userId] = users as [number];
    // a forged next batch the copy must refuse: more than the user holds
    copy.deliver({ sequence: copy.replica.sequence + 1, commands: [{ command: { kind: 'transfer', key: key('forged'), userId, currencyId: USDT, from: 'change', to: 'micro', amount: atoms('1000000000') } as CoreCommand, at: new Date() }] });
    const { core, copy: replayed } = await caughtUpView();
    expect(copy.follower.reloads).toBe(reloadsBefore + 1);
    expect(replayed).toEqual(core);
  });

  it('emits a batch’s trades, orders and balances once, as the core does', async () => {
    await copy.caughtUp();
    const watched = ['trades', 'orders', 'balances'] as const;
    const record = (core: Core) => {
      const seen: [string, unknown][] = [];
      for (const event of watched) core.events.on(event, (payload: CoreEvents[typeof event][0]) => seen.push([event, payload]));
      return seen;
    };
    // a pair of its own, whose book is empty: the two orders make exactly one trade
    const pairId = await h.pairOf(ETH);
    const [seller, buyer] = users.slice(2) as [number, number];
    await h.fund(seller, 'change', '1', ETH);
    await copy.caughtUp();
    const onCore = record(h.core);
    const onCopy = record(copy.replica);
    const place = (userId: number, side: 'buy' | 'sell') =>
      h.core.execute({ kind: 'spot_place', key: key('pair'), userId, pairId, side, type: 'limit', quantity: atoms('0.5'), price: atoms('3000') } as CoreCommand);
    // submitted together: one batch, one trade between them
    const sequence = h.core.sequence;
    await Promise.all([place(seller, 'sell'), place(buyer, 'buy')]);
    expect(h.core.sequence).toBe(sequence + 1);
    await copy.caughtUp();
    const count = (seen: [string, unknown][], event: string) => seen.filter(([name]) => name === event).length;
    for (const event of watched) expect(count(onCore, event), event).toBe(1);
    expect(onCopy).toEqual(onCore);
    const trades = onCopy.find(([name]) => name === 'trades')?.[1] as { id: number }[];
    expect(trades).toHaveLength(1);
    expect(onCopy.find(([name]) => name === 'balances')?.[1]).toEqual(expect.arrayContaining([seller, buyer]));
  });
});
