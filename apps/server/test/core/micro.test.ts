import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount, type Atoms } from '../../src/core/amount';
import { runAudit } from '../../src/core/audit';
import { Core } from '../../src/core/core';
import { newCommandKey } from '../../src/core/command-key';
import type { MicroDirection } from '../../src/core/micro/state';
import { CoreRepository } from '../../src/core/repository';
import { Refusal } from '../../src/core/refusal';
import type { Database } from '../../src/db/database';
import { manualClock } from '../support/clock';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';

const BTC = 1;
const USDT = 3;
const key = () => newCommandKey('test');

describeEachDatabase('second contracts in the core', (kind) => {
  let db: Database;
  let pairId: number;
  let house: number;
  let fee: number;
  const users: number[] = [];
  let player = 0;
  const time = manualClock(new Date('2026-11-22T08:00:00Z'));
  const newCore = async () => {
    const core = new Core(new CoreRepository(db), undefined, time.clock);
    await core.start();
    return core;
  };
  const micro = (userId: number) =>
    db.query<{ available: string; locked: string }>(`select available::text, locked::text from balances where user_id = $1 and currency_id = $2 and wallet = 'micro'`, [userId, USDT]).then(
      (rows) => ({ available: formatAmount(parseAmount(rows[0]?.available ?? '0')), locked: formatAmount(parseAmount(rows[0]?.locked ?? '0')) }),
    );
  const contract = async (id: number) => {
    const [row] = await db.query<{ status: number; open_price: string; end_price: string | null; end_trade_id: string | null; result: string | null; fact_profits: string | null }>(
      'select status, open_price::text, end_price::text, end_trade_id::text, result, fact_profits::text from micro_orders where id = $1',
      [id],
    );
    if (!row) throw new Error(`no contract ${id}`);
    const text = (value: string | null) => (value === null ? null : formatAmount(parseAmount(value)));
    return { status: row.status, open: text(row.open_price), end: text(row.end_price), result: row.result, profits: text(row.fact_profits) };
  };

  /** A trade at `price` between the two traders, with a bid and an ask 10 either side left resting. */
  async function tradeAt(core: Core, price: string) {
    const [a = 0, b = 0] = users;
    const at = parseAmount(price);
    const place = (userId: number, side: 'buy' | 'sell', level: Atoms) =>
      core.execute({ kind: 'spot_place', key: key(), userId, pairId, side, type: 'limit', quantity: parseAmount('0.01'), price: level });
    await place(a, 'sell', at);
    await place(b, 'buy', at);
  }
  const open = (core: Core, type: MicroDirection, options: { number?: string; seconds?: number; fee?: string } = {}) =>
    core.execute({
      kind: 'micro_open',
      key: key(),
      userId: player,
      pairId,
      currencyId: USDT,
      type,
      seconds: options.seconds ?? 30,
      number: parseAmount(options.number ?? '100'),
      fee: parseAmount(options.fee ?? '1'),
      profitRatio: parseAmount('80'),
    }).then((result) => (result.applied ? (result.microId ?? 0) : 0));

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
    const rows = await db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 3`);
    users.push(...rows.map((row) => row.id));
    player = users[2] ?? 0;
    const [houseRow] = await db.query<{ id: number }>(`select id from users where kind = 'house'`);
    const [feeRow] = await db.query<{ id: number }>(`select id from users where kind = 'fee'`);
    house = houseRow?.id ?? 0;
    fee = feeRow?.id ?? 0;
  });
  afterAll(() => db.close());

  it('opens at the mark, settles at the last trade at or before the expiry (not a later one), pays wins from the house and keeps the fee on a tie', async () => {
    const core = await newCore();
    const fund = (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
      core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
    for (const userId of users.slice(0, 2)) {
      await fund(userId, USDT, 'change', '1000000');
      await fund(userId, BTC, 'change', '10');
    }
    await fund(player, USDT, 'micro', '1000');
    await fund(house, USDT, 'micro', '200');
    await tradeAt(core, '60000');

    time.advanceSeconds(1);
    const up = await open(core, 1);
    const down = await open(core, 2);
    expect(await contract(up)).toMatchObject({ status: 1, open: '60000', end: null });
    // stake and fee left the available balance; the stakes are locked until the settlement
    expect(await micro(player)).toEqual({ available: '798', locked: '200' });
    // the house holds what each win would pay: 80 + 80 of its 200
    expect(await micro(house)).toEqual({ available: '40', locked: '160' });
    // a third contract would need 80 more than the house can still promise: refused, nothing changes
    await expect(open(core, 1)).rejects.toEqual(new Refusal('second contracts cannot take this stake now'));
    expect(await micro(player)).toEqual({ available: '798', locked: '200' });

    time.advanceSeconds(10);
    await tradeAt(core, '60100');
    // past the expiry (08:00:31) a trade at 59,000: the settlement must not see it
    time.advanceSeconds(25);
    await tradeAt(core, '59000');
    await core.runDueDeadlines();
    expect(await contract(up)).toMatchObject({ status: 3, end: '60100', result: 'win', profits: '80' });
    expect(await contract(down)).toMatchObject({ status: 3, end: '60100', result: 'loss', profits: '-100' });
    // up: 100 back and 80 won; down: 100 lost to the house
    expect(await micro(player)).toEqual({ available: '978', locked: '0' });
    expect(await micro(house)).toEqual({ available: '220', locked: '0' });

    // no trade until the expiry: the end price is the open price, a tie returns the stake, the fee stays
    const feeBefore = (await micro(fee)).available;
    const tie = await open(core, 2);
    time.advanceSeconds(31);
    await core.runDueDeadlines();
    expect(await contract(tie)).toMatchObject({ status: 3, open: '59000', end: '59000', result: 'tie', profits: '0' });
    expect(await micro(player)).toEqual({ available: '977', locked: '0' });
    expect(formatAmount(parseAmount((await micro(fee)).available) - parseAmount(feeBefore))).toBe('1');
    await core.stop();
  });

  it('settles a contract that expired while the server was down at the price of its expiry, once', async () => {
    let core = await newCore();
    time.advanceSeconds(1);
    const running = await open(core, 1, { seconds: 30 });
    expect(await contract(running)).toMatchObject({ open: '59000' });
    time.advanceSeconds(10);
    await tradeAt(core, '60500');
    // after the expiry, a lower trade; then the server stops before the deadline ran
    time.advanceSeconds(30);
    await tradeAt(core, '58000');
    await core.stop();
    expect(await contract(running)).toMatchObject({ status: 1 });

    time.advanceSeconds(3600);
    core = await newCore();
    // start() resolves once the overdue deadline has fired
    expect(await contract(running)).toMatchObject({ status: 3, end: '60500', result: 'win', profits: '80' });
    await core.stop();
    core = await newCore();
    // settled once: one entry of the owner for the contract, one of the house for the instant
    expect(await db.query(`select 1 from ledger_entries where reference = $1 and reason = 'micro_win'`, [`micro:${running}`])).toHaveLength(1);
    await core.stop();
  });

  it('counts a trade recorded in the expiry millisecond, and none after it', async () => {
    const core = await newCore();
    time.advanceSeconds(1);
    const edge = await open(core, 1, { seconds: 30 });
    expect(await contract(edge)).toMatchObject({ open: '58000' });
    time.advanceSeconds(30);
    // exactly at the expiry: this trade counts
    await tradeAt(core, '61000');
    await core.runDueDeadlines();
    expect(await contract(edge)).toMatchObject({ status: 1 });
    time.advanceSeconds(0.001);
    // one millisecond later: this one does not, though the settlement runs after it
    await tradeAt(core, '50000');
    await core.runDueDeadlines();
    expect(await contract(edge)).toMatchObject({ status: 3, end: '61000', result: 'win' });
    await core.stop();
  });

  it('settles every contract of one instant in one command, and a restart between two instants settles none twice', async () => {
    let core = await newCore();
    const fund = (userId: number, amount: string) =>
      core.execute({ kind: 'adjust', key: key(), userId, currencyId: USDT, wallet: 'micro', amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
    await fund(player, '10000');
    await fund(house, '10000');
    const commandsBefore = await db.query<{ kind: string }>(`select kind from core_commands where kind = 'micro_settle'`);
    time.advanceSeconds(1);
    const openMany = async (count: number, seconds: number) => {
      const ids: number[] = [];
      for (let index = 0; index < count; index += 1) ids.push(await open(core, index % 2 === 0 ? 1 : 2, { number: '10', fee: '0', seconds }));
      return ids;
    };
    // 40 contracts of one instant (30 s), 40 of a later one (60 s), all opened at the same time
    const first = await openMany(40, 30);
    const second = await openMany(40, 60);
    time.advanceSeconds(10);
    await tradeAt(core, '70000');
    time.advanceSeconds(21);
    await core.runDueDeadlines();
    const closed = (ids: number[]) => db.query<{ n: number }>('select count(*)::int as n from micro_orders where status = 3 and id = any($1::bigint[])', [ids]).then((rows) => rows[0]?.n);
    expect(await closed(first)).toBe(40);
    expect(await closed(second)).toBe(0);
    const settlements = async () => (await db.query(`select 1 from core_commands where kind = 'micro_settle'`)).length - commandsBefore.length;
    expect(await settlements()).toBe(1);
    expect(await contract(first[0] ?? 0)).toMatchObject({ end: '70000', result: 'win', profits: '8' });
    expect(await contract(first[1] ?? 0)).toMatchObject({ end: '70000', result: 'loss', profits: '-10' });

    // the server stops before the second instant; a trade after it must not count
    time.advanceSeconds(20);
    await tradeAt(core, '71000');
    time.advanceSeconds(30);
    await tradeAt(core, '50000');
    await core.stop();
    const balanceBefore = await micro(player);
    core = await newCore();
    expect(await closed(second)).toBe(40);
    expect(await settlements()).toBe(2);
    expect(await contract(second[0] ?? 0)).toMatchObject({ end: '71000', result: 'win' });
    // 20 wins of 10 + 8 and 20 losses: only the stakes locked so far come back, with the winnings
    expect(await micro(player)).toEqual({ available: formatAmount(parseAmount(balanceBefore.available) + parseAmount('360')), locked: '0' });
    // replaying the first instant's settlement, as its deadline would after a restart, is a duplicate: nothing changes
    const [expiry] = await db.query<{ ms: string }>('select (extract(epoch from expires_at) * 1000)::bigint::text as ms from micro_orders where id = $1', [first[0]]);
    const expiresAt = Number(expiry?.ms);
    expect(await core.execute({ kind: 'micro_settle', key: `deadline:micro:${pairId}:${expiresAt}`, pairId, expiresAt })).toEqual({ applied: false, duplicate: true });
    expect(await db.query('select 1 from ledger_entries where user_id = $1 and reference = $2', [house, `micro:settle:${pairId}:${expiresAt}`])).toHaveLength(1);
    await core.stop();
    core = await newCore();
    expect(await settlements()).toBe(2);
    const owners = await db.query<{ n: number }>(`select count(*)::int as n from ledger_entries where reference = any($1::text[]) and reason in ('micro_win', 'micro_loss', 'micro_tie')`, [
      [...first, ...second].map((id) => `micro:${id}`),
    ]);
    expect(owners[0]?.n).toBe(80);
    await core.stop();
  });

  it('the audit recomputes every settled contract and reports one whose recorded outcome differs', async () => {
    const clean = await runAudit(db);
    expect(clean.settlementMismatches).toEqual([]);
    expect(clean.recordsRecomputed).toBe(85);
    expect(clean.ok).toBe(true);
    const [tampered] = await db.query<{ id: string }>(`update micro_orders set end_price = end_price + 1 where id = (select min(id) from micro_orders where result = 'loss') returning id::text`);
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.settlementMismatches).toEqual([expect.objectContaining({ table_name: 'micro_orders', id: tampered?.id, field: expect.stringContaining('end price') })]);
    await db.query(`update micro_orders set end_price = end_price - 1 where id = $1`, [tampered?.id]);
    expect((await runAudit(db)).ok).toBe(true);
  });
});
