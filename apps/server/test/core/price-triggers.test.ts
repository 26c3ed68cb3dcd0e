import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/app/bootstrap';
import { loadConfig } from '../../src/config';
import { formatAmount, parseAmount, type Atoms } from '../../src/core/amount';
import type { CommandContext } from '../../src/core/command-context';
import { Core } from '../../src/core/core';
import type { CommandResult, CoreKind, CoreTable, KindState, PriceTrigger, TriggerFiring } from '../../src/core/kind';
import { CORE_KINDS, type CoreCommand } from '../../src/core/kinds';
import { refuse } from '../../src/core/refusal';
import { CoreRepository } from '../../src/core/repository';
import { markPrice } from '../../src/core/triggers/mark-price';
import type { Database, Queryable } from '../../src/db/database';
import { createTestDatabase, describeEachDatabase } from '../support/test-app';
import { manualClock } from '../support/clock';

/**
 * A kind of core state that exists only here, registered like the real ones: price alerts that
 * fire once when a pair's mark crosses their level, and record the mark and its inputs.
 */
interface AlertOpen {
  kind: 'test_alert_open';
  key: string;
  id: number;
  pairId: number;
  direction: 'rise' | 'fall';
  level: Atoms;
}
interface AlertFire {
  kind: 'test_alert_fire';
  key: string;
  id: number;
  firing: TriggerFiring;
}
type AlertCommand = AlertOpen | AlertFire;
interface Alert {
  id: number;
  pairId: number;
  direction: 'rise' | 'fall';
  level: Atoms;
  firing: TriggerFiring | null;
}

const text = (atoms: Atoms | null) => (atoms === null ? null : formatAmount(atoms));
const ALERTS: CoreTable<Alert> = {
  name: 'test_alerts',
  key: (alert) => alert.id,
  statement: (source, rows) => `insert into test_alerts (id, pair_id, direction, level, mark, tick_id, index_price)
      select id, p, d, l, m, k, i from ${source(
        rows.map((r) => ({
          id: r.id,
          p: r.pairId,
          d: r.direction,
          l: formatAmount(r.level),
          m: text(r.firing?.mark ?? null),
          k: r.firing?.inputs.tickId ?? null,
          i: text(r.firing?.inputs.index ?? null),
        })),
        'id int, p int, d text, l numeric, m numeric, k bigint, i numeric',
      )}
      on conflict (id) do update set mark = excluded.mark, tick_id = excluded.tick_id, index_price = excluded.index_price`,
};

const triggerOf = (alert: Alert): PriceTrigger => {
  const key = `trigger:test_alerts:${alert.id}`;
  return { key, pairId: alert.pairId, direction: alert.direction, level: alert.level, fire: (firing): AlertFire => ({ kind: 'test_alert_fire', key, id: alert.id, firing }) };
};

class Alerts implements KindState<AlertCommand, Alert[]> {
  private readonly live = new Map<number, Alert>();

  async load(db: Queryable): Promise<Alert[]> {
    const rows = await db.query<{ id: number; pair_id: number; direction: 'rise' | 'fall'; level: string }>(
      'select id, pair_id, direction, level::text from test_alerts where mark is null',
    );
    return rows.map((row) => ({ id: row.id, pairId: row.pair_id, direction: row.direction, level: parseAmount(row.level), firing: null }));
  }

  reset(loaded: Alert[]): void {
    this.live.clear();
    for (const alert of loaded) this.live.set(alert.id, alert);
  }

  apply(command: AlertCommand, context: CommandContext): CommandResult {
    if (command.kind === 'test_alert_open') {
      const alert: Alert = { id: command.id, pairId: command.pairId, direction: command.direction, level: command.level, firing: null };
      this.live.set(alert.id, alert);
      context.stage(ALERTS, alert);
      context.addTrigger(triggerOf(alert));
      return { applied: true };
    }
    const alert = this.live.get(command.id);
    if (!alert) refuse('order already handled');
    this.live.delete(alert.id);
    context.stage(ALERTS, { ...alert, firing: command.firing });
    return { applied: true };
  }

  triggers(): Iterable<PriceTrigger> {
    return [...this.live.values()].map(triggerOf);
  }
}

const alertsKind: CoreKind<AlertCommand, Alerts> = {
  name: 'test_alerts',
  commandKinds: ['test_alert_open', 'test_alert_fire'],
  tables: [ALERTS],
  orphanChecks: [],
  create: () => new Alerts(),
};

const BTC = 1;
const USDT = 3;
let sequence = 0;
const key = () => `trigger-test-${(sequence += 1)}`;
const time = manualClock(new Date('2026-11-22T08:00:00Z'));

it('the book mark of decision 0009 (kept to audit older records): the median of best bid, best ask and last trade; no trade, no mark', () => {
  const inputs = (bid: string | null, ask: string | null, last: string | null) => ({
    bestBid: bid === null ? null : parseAmount(bid),
    bestAsk: ask === null ? null : parseAmount(ask),
    lastTrade: last === null ? null : parseAmount(last),
  });
  const mark = (bid: string | null, ask: string | null, last: string | null) => text(markPrice(inputs(bid, ask, last)));
  expect(mark('99', '101', '100')).toBe('100');
  expect(mark('99', '101', '150')).toBe('101');
  expect(mark('99', '101', '50')).toBe('99');
  expect(mark(null, '101', '150')).toBe('101');
  expect(mark(null, '101', '50')).toBe('50');
  expect(mark('99', null, '50')).toBe('99');
  expect(mark(null, null, '42')).toBe('42');
  expect(mark('99', '101', null)).toBe(null);
});

describeEachDatabase('price triggers in the core', (kind) => {
  let db: Database;
  let pairId: number;
  const users: number[] = [];
  const newCore = async () => {
    const core = new Core<CoreCommand | AlertCommand>(new CoreRepository(db), undefined, time.clock, undefined, [...CORE_KINDS, alertsKind]);
    await core.start();
    return core;
  };
  const fired = () =>
    db.query<{ id: number; mark: string | null; tick_id: string | null; index_price: string | null }>(
      'select id, mark::text, tick_id::text, index_price::text from test_alerts where mark is not null order by id',
    );
  const amounts = (row: { id: number; mark: string | null; tick_id: string | null; index_price: string | null }) => ({
    id: row.id,
    mark: text(row.mark === null ? null : parseAmount(row.mark)),
    index: text(row.index_price === null ? null : parseAmount(row.index_price)),
    named: row.tick_id !== null,
  });
  /** One index tick of the pair at `price`; waits until the triggers it fired are durable. */
  async function indexAt(core: Core<CoreCommand | AlertCommand>, price: string) {
    const [a = 0] = users;
    await core.execute({ kind: 'index_tick', key: key(), ticks: [{ pairId, sources: [{ name: 'test', value: parseAmount(price), at: time.clock().getTime(), used: true }] }] });
    // commands apply in order: once this one is durable, every trigger fired before it is too
    await core.execute({ kind: 'adjust', key: key(), userId: a, currencyId: USDT, wallet: 'change', amount: 1n, reason: 'adjustment', reference: 'barrier' });
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    await db.query(`create table test_alerts (id int primary key, pair_id int not null, direction text not null, level numeric not null,
                      mark numeric, tick_id bigint, index_price numeric)`);
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
    const rows = await db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 2`);
    users.push(...rows.map((row) => row.id));
  });
  afterAll(() => db.close());

  it('fires each trigger once when the mark crosses its level, records the mark and its index tick, and rebuilds the rest after a restart', async () => {
    const core = await newCore();
    await indexAt(core, '60000');
    expect(core.read.markPrice(pairId)?.mark).toBe(parseAmount('60000'));
    const open = (id: number, direction: 'rise' | 'fall', level: string) =>
      core.execute({ kind: 'test_alert_open', key: key(), id, pairId, direction, level: parseAmount(level) });
    await open(1, 'rise', '61000');
    await open(2, 'fall', '59000');
    await open(3, 'rise', '62000');

    // the mark rises through 61,000 but not 62,000: only alert 1 fires, at the tick that made it
    await indexAt(core, '61500');
    expect((await fired()).map(amounts)).toEqual([{ id: 1, mark: '61500', index: '61500', named: true }]);
    expect(core.read.markPrice(pairId)?.mark).toBe(parseAmount('61500'));
    await core.stop();

    // after a restart the mark comes back from the newest tick; nothing fires again
    const restarted = await newCore();
    expect(restarted.read.markPrice(pairId)?.mark).toBe(parseAmount('61500'));
    await indexAt(restarted, '61600');
    expect((await fired()).map((row) => row.id)).toEqual([1]);

    // the mark falls through 59,000: alert 2 fires once; 3 is still waiting
    await indexAt(restarted, '58000');
    await indexAt(restarted, '57000');
    expect((await fired()).map(amounts)).toEqual([
      { id: 1, mark: '61500', index: '61500', named: true },
      { id: 2, mark: '58000', index: '58000', named: true },
    ]);
    const keys = await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like 'trigger:test_alerts:%'`);
    expect(keys[0]?.n).toBe(2);

    // a stale mark fires nothing: the index goes quiet for six seconds, then a new trigger that
    // its last mark already crosses waits, and fires at the next fresh tick
    time.advanceSeconds(6);
    expect(restarted.read.mark(pairId)?.stale).toBe(true);
    await restarted.execute({ kind: 'test_alert_open', key: key(), id: 4, pairId, direction: 'rise', level: parseAmount('56000') });
    await restarted.execute({ kind: 'adjust', key: key(), userId: users[0] ?? 0, currencyId: USDT, wallet: 'change', amount: 1n, reason: 'adjustment', reference: 'barrier' });
    expect((await fired()).map((row) => row.id)).toEqual([1, 2]);
    await indexAt(restarted, '56500');
    expect((await fired()).map((row) => row.id)).toEqual([1, 2, 4]);
    await restarted.stop();
  });
});
