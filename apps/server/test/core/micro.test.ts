import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount } from '../../src/core/amount';
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

/** Alters a recorded tick's index by `delta` in its round (the tampering the audit must see); the tick's id. */
async function shiftTickIndex(db: Database, tickId: string | undefined, delta: number): Promise<{ id: string } | undefined> {
  const [tick] = await db.query<{ id: string }>(
    `update index_rounds r set value[(t.id - r.id + 1)::int] = r.value[(t.id - r.id + 1)::int] + $2::numeric
       from (select $1::bigint as id) t
      where r.id = (select max(id) from index_rounds where id <= t.id) returning t.id::text as id`,
    [tickId, delta],
  );
  return tick;
}

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
      'select status, open_price::text, end_price::text, end_trade_id::text, result, fact_profits::text from micro_contracts where id = $1',
      [id],
    );
    if (!row) throw new Error(`no contract ${id}`);
    const text = (value: string | null) => (value === null ? null : formatAmount(parseAmount(value)));
    return { status: row.status, open: text(row.open_price), end: text(row.end_price), result: row.result, profits: text(row.fact_profits) };
  };

  let lastIndex = '60000';
  /** An index tick of the pair at `price`, as the feed would submit it. */
  async function indexAt(core: Core, price: string) {
    lastIndex = price;
    await core.execute({ kind: 'index_tick', key: key(), ticks: [{ pairId, sources: [{ name: 'test', value: parseAmount(price), at: time.clock().getTime(), used: true }] }] });
  }
  /** Moves time on by whole seconds while the feed repeats the index every second: it stays fresh. */
  async function hold(core: Core, seconds: number) {
    for (let second = 0; second < seconds; second += 1) {
      time.advanceSeconds(1);
      await indexAt(core, lastIndex);
    }
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

  it('opens at the index, settles at the index tick at or before the expiry (not a later one), pays wins from the house and keeps the fee on a tie', async () => {
    const core = await newCore();
    const fund = (userId: number, currencyId: number, wallet: 'change' | 'micro', amount: string) =>
      core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet, amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
    for (const userId of users.slice(0, 2)) {
      await fund(userId, USDT, 'change', '1000000');
      await fund(userId, BTC, 'change', '10');
    }
    await fund(player, USDT, 'micro', '1000');
    await fund(house, USDT, 'micro', '200');
    await indexAt(core, '60000');

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

    await hold(core, 10);
    await indexAt(core, '60100');
    // past the expiry (08:00:31) an index of 59,000: the settlement must not see it
    await hold(core, 25);
    await indexAt(core, '59000');
    await core.runDueDeadlines();
    expect(await contract(up)).toMatchObject({ status: 3, end: '60100', result: 'win', profits: '80' });
    expect(await contract(down)).toMatchObject({ status: 3, end: '60100', result: 'loss', profits: '-100' });
    // up: 100 back and 80 won; down: 100 lost to the house
    expect(await micro(player)).toEqual({ available: '978', locked: '0' });
    expect(await micro(house)).toEqual({ available: '220', locked: '0' });

    // an index that does not move until the expiry: the end price is the open price, a tie returns the stake, the fee stays
    const feeBefore = (await micro(fee)).available;
    const tie = await open(core, 2);
    await hold(core, 31);
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
    await hold(core, 10);
    await indexAt(core, '60500');
    // after the expiry, a lower index; then the server stops before the deadline ran
    await hold(core, 30);
    await indexAt(core, '58000');
    await core.stop();
    expect(await contract(running)).toMatchObject({ status: 1 });

    time.advanceSeconds(3600);
    core = await newCore();
    // start() resolves once the overdue deadline has fired
    expect(await contract(running)).toMatchObject({ status: 3, end: '60500', result: 'win', profits: '80' });
    await core.stop();
    core = await newCore();
    // settled once: one entry of the owner and one of the house, under the settlement's reference
    const paid = await db.query<{ user_id: number }>(
      `select x.user_id from ledger_entries x join micro_contracts c on c.settlement_reference = x.reference where c.id = $1 and x.reason = 'micro_settle' order by x.id`,
      [running],
    );
    expect(paid.map((row) => row.user_id)).toEqual([player, house]);
    await core.stop();
  });

  it('counts an index tick recorded in the expiry millisecond, and none after it', async () => {
    const core = await newCore();
    // an hour went by while the server was down: the index is fresh again once the feed ticks
    await expect(open(core, 1)).rejects.toEqual(new Refusal('the index price is unavailable now'));
    await indexAt(core, '58000');
    time.advanceSeconds(1);
    const edge = await open(core, 1, { seconds: 30 });
    expect(await contract(edge)).toMatchObject({ open: '58000' });
    await hold(core, 29);
    time.advanceSeconds(1);
    // exactly at the expiry: this tick counts
    await indexAt(core, '61000');
    await core.runDueDeadlines();
    expect(await contract(edge)).toMatchObject({ status: 1 });
    time.advanceSeconds(0.001);
    // one millisecond later: this one does not, though the settlement runs after it
    await indexAt(core, '50000');
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
    await hold(core, 10);
    await indexAt(core, '70000');
    await hold(core, 21);
    await core.runDueDeadlines();
    const closed = (ids: number[]) => db.query<{ n: number }>('select count(*)::int as n from micro_contracts where status = 3 and id = any($1::bigint[])', [ids]).then((rows) => rows[0]?.n);
    expect(await closed(first)).toBe(40);
    expect(await closed(second)).toBe(0);
    const settlements = async () => (await db.query(`select 1 from core_commands where kind = 'micro_settle'`)).length - commandsBefore.length;
    expect(await settlements()).toBe(1);
    expect(await contract(first[0] ?? 0)).toMatchObject({ end: '70000', result: 'win', profits: '8' });
    expect(await contract(first[1] ?? 0)).toMatchObject({ end: '70000', result: 'loss', profits: '-10' });

    // the server stops before the second instant; a tick after it must not count
    await hold(core, 20);
    await indexAt(core, '71000');
    await hold(core, 30);
    await indexAt(core, '50000');
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
    // each settlement moved the owner's money once for their 40 contracts
    const owners = await db.query<{ n: number }>(
      `select count(*)::int as n from ledger_entries where user_id = $1 and reason = 'micro_settle'
          and reference in (select settlement_reference from micro_contracts where id = any($2::bigint[]))`,
      [player, [...first, ...second]],
    );
    expect(owners[0]?.n).toBe(2);
    await core.stop();
  });

  it('a settlement that runs late settles every instant of the pair already past in one command, netting each owner', async () => {
    const core = await newCore();
    const before = await db.query(`select 1 from core_commands where kind = 'micro_settle'`);
    time.advanceSeconds(1);
    const early = [await open(core, 1, { number: '10', fee: '0', seconds: 30 }), await open(core, 2, { number: '10', fee: '0', seconds: 30 })];
    time.advanceSeconds(0.5);
    const late = [await open(core, 1, { number: '10', fee: '0', seconds: 30 })];
    await hold(core, 10);
    await indexAt(core, '52000');
    // both instants are past when the deadlines run: the first settles both, the second finds nothing left
    await hold(core, 25);
    const balanceBefore = await micro(player);
    await core.runDueDeadlines();
    expect((await db.query(`select 1 from core_commands where kind = 'micro_settle'`)).length - before.length).toBe(1);
    const rows = await db.query<{ reference: string; result: string }>('select settlement_reference as reference, result from micro_contracts where id = any($1::bigint[]) order by id', [
      [...early, ...late],
    ]);
    expect(rows.map((row) => row.result)).toEqual(['win', 'loss', 'win']);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(1);
    expect(await db.query('select 1 from micro_settlements where reference = $1', [rows[0]?.reference])).toHaveLength(2);
    // one entry for the owner: 3 stakes released, 2 wins paid 10 + 8 each
    const entries = await db.query<{ available: string; locked: string }>(
      `select delta_available::text as available, delta_locked::text as locked from ledger_entries where user_id = $1 and reference = $2`,
      [player, rows[0]?.reference],
    );
    expect(entries.map((row) => ({ available: formatAmount(parseAmount(row.available)), locked: formatAmount(parseAmount(row.locked)) }))).toEqual([{ available: '36', locked: '-30' }]);
    expect(await micro(player)).toEqual({ available: formatAmount(parseAmount(balanceBefore.available) + parseAmount('36')), locked: '0' });
    await core.stop();
  });

  it('settles an instant without a fresh index at its expiry as void, the same for everyone: stakes and fees come back, reserves go back to the house', async () => {
    const core = await newCore();
    await indexAt(core, '52000');
    time.advanceSeconds(1);
    const before = { player: await micro(player), house: await micro(house), fee: await micro(fee) };
    const ids = [await open(core, 1, { number: '10', fee: '1' }), await open(core, 2, { number: '10', fee: '1' })];
    expect((await micro(player)).available).toBe(formatAmount(parseAmount(before.player.available) - parseAmount('22')));
    // the feed stops: no tick reaches the core until well after the expiry
    time.advanceSeconds(31);
    await core.runDueDeadlines();
    for (const id of ids) expect(await contract(id)).toMatchObject({ status: 3, open: '52000', end: '52000', result: 'void', profits: '0' });
    expect(await micro(player)).toEqual(before.player);
    expect(await micro(house)).toEqual(before.house);
    expect(await micro(fee)).toEqual(before.fee);
    // nor does a new contract open on the stale index
    await expect(open(core, 1)).rejects.toEqual(new Refusal('the index price is unavailable now'));
    await core.stop();
  });

  it('the audit recomputes every settled contract and reports one whose recorded outcome differs', async () => {
    const clean = await runAudit(db);
    expect(clean.settlementMismatches).toEqual([]);
    // 90 contracts, 9 settled instants, the owner's and the house's money of 8 settlements and the fee account's of the void one
    expect(clean.recordsRecomputed).toBe(90 + 9 + 8 * 2 + 1);
    expect(clean.ok).toBe(true);
    // the first instant of a single contract, a win: a price one higher keeps its result
    const [tampered] = await db.query<{ id: string }>(
      `update micro_settlements s set end_price = end_price + 1
         from (select pair_id, expires_at from micro_contracts group by pair_id, expires_at
                having count(*) = 1 and min(result) = 'win' order by expires_at limit 1) c
        where s.pair_id = c.pair_id and s.expires_at = c.expires_at
       returning s.pair_id || ':' || (extract(epoch from s.expires_at) * 1000)::bigint as id`,
    );
    const report = await runAudit(db);
    expect(report.ok).toBe(false);
    expect(report.settlementMismatches).toEqual([expect.objectContaining({ table_name: 'micro_settlements', id: tampered?.id, field: expect.stringContaining('end price') })]);
    // a price far below turns the win into a loss: the money the ledger moved no longer matches it
    await db.query(`update micro_settlements set end_price = end_price - 100000 where pair_id || ':' || (extract(epoch from expires_at) * 1000)::bigint = $1`, [tampered?.id]);
    const flipped = await runAudit(db);
    expect(flipped.settlementMismatches.map((mismatch) => mismatch.field)).toEqual(
      expect.arrayContaining([expect.stringContaining('end price'), expect.stringContaining('ledger moved')]),
    );
    await db.query(`update micro_settlements set end_price = end_price + 99999 where pair_id || ':' || (extract(epoch from expires_at) * 1000)::bigint = $1`, [tampered?.id]);
    expect((await runAudit(db)).ok).toBe(true);

    // a recorded index tick altered: the tick itself no longer is the median of its sources, and the instant it ended no longer matches it
    const [ended] = await db.query<{ id: string }>('select end_tick::text as id from micro_settlements where not void and end_tick is not null order by expires_at limit 1');
    const tick = await shiftTickIndex(db, ended?.id, 1);
    const altered = await runAudit(db);
    expect(altered.ok).toBe(false);
    expect(altered.settlementMismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table_name: 'index_ticks', id: tick?.id, field: expect.stringContaining('is not the median of its sources') }),
        expect.objectContaining({ table_name: 'micro_settlements', field: expect.stringContaining('is not the index at the expiry') }),
      ]),
    );
    await shiftTickIndex(db, tick?.id, -1);
    expect((await runAudit(db)).ok).toBe(true);
  });
});
