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
  statement: (source, rows) => `insert into test_alerts (id, pair_id, direction, level, mark, best_bid, best_ask, last_trade)
      select id, p, d, l, m, b, a, t from ${source(
        rows.map((r) => ({
          id: r.id,
          p: r.pairId,
          d: r.direction,
          l: formatAmount(r.level),
          m: text(r.firing?.mark ?? null),
          b: text(r.firing?.inputs.bestBid ?? null),
          a: text(r.firing?.inputs.bestAsk ?? null),
          t: text(r.firing?.inputs.lastTrade ?? null),
        })),
        'id int, p int, d text, l numeric, m numeric, b numeric, a numeric, t numeric',
      )}
      on conflict (id) do update set mark = excluded.mark, best_bid = excluded.best_bid, best_ask = excluded.best_ask, last_trade = excluded.last_trade`,
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

it('takes the median of best bid, best ask and last trade; a missing side counts as the last trade; no trade, no mark', () => {
  const inputs = (bid: string | null, ask: string | null, last: string | null) => ({
    pairId: 1,
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
    const core = new Core<CoreCommand | AlertCommand>(new CoreRepository(db), undefined, undefined, undefined, [...CORE_KINDS, alertsKind]);
    await core.start();
    return core;
  };
  const fired = () =>
    db.query<{ id: number; mark: string | null; best_bid: string | null; best_ask: string | null; last_trade: string | null }>(
      'select id, mark::text, best_bid::text, best_ask::text, last_trade::text from test_alerts where mark is not null order by id',
    );
  const amounts = (row: { id: number; mark: string | null; best_bid: string | null; best_ask: string | null; last_trade: string | null }) => ({
    id: row.id,
    mark: text(row.mark === null ? null : parseAmount(row.mark)),
    bid: text(row.best_bid === null ? null : parseAmount(row.best_bid)),
    ask: text(row.best_ask === null ? null : parseAmount(row.best_ask)),
    last: text(row.last_trade === null ? null : parseAmount(row.last_trade)),
  });
  let resting: number[] = [];
  /** Replaces the book by a bid just under `price` and an ask just over it, then a trade at `price` between them. */
  async function tradeAt(core: Core<CoreCommand | AlertCommand>, price: string) {
    const [a = 0, b = 0] = users;
    const place = async (userId: number, side: 'buy' | 'sell', at: Atoms) => {
      const result = await core.execute({ kind: 'spot_place', key: key(), userId, pairId, side, type: 'limit', quantity: parseAmount('0.01'), price: at });
      return result.applied ? (result.orderId ?? 0) : 0;
    };
    for (const orderId of resting) await core.execute({ kind: 'spot_cancel', key: key(), userId: orderId === resting[0] ? a : b, orderId });
    const at = parseAmount(price);
    resting = [await place(a, 'buy', at - parseAmount('10')), await place(b, 'sell', at + parseAmount('10'))];
    await place(a, 'sell', at);
    await place(b, 'buy', at);
    // commands apply in order: once this one is durable, every trigger fired before it is too
    await core.execute({ kind: 'adjust', key: key(), userId: a, currencyId: USDT, wallet: 'change', amount: 1n, reason: 'adjustment', reference: 'barrier' });
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await prepareDatabase(db, loadConfig({ NODE_ENV: 'test' }));
    await db.query(`create table test_alerts (id int primary key, pair_id int not null, direction text not null, level numeric not null,
                      mark numeric, best_bid numeric, best_ask numeric, last_trade numeric)`);
    const [pair] = await db.query<{ id: number }>('select id from currency_pairs where currency_id = $1 and legal_id = $2', [BTC, USDT]);
    pairId = pair?.id ?? 0;
    const rows = await db.query<{ id: number }>(`select id from users where kind = 'user' and not is_vistor order by id limit 2`);
    users.push(...rows.map((row) => row.id));
  });
  afterAll(() => db.close());

  it('fires each trigger once when the mark crosses its level, records the mark and its inputs, and rebuilds the rest after a restart', async () => {
    const core = await newCore();
    for (const userId of users) {
      for (const [currencyId, amount] of [[USDT, '1000000'], [BTC, '10']] as const) {
        await core.execute({ kind: 'adjust', key: key(), userId, currencyId, wallet: 'change', amount: parseAmount(amount), reason: 'adjustment', reference: 'test funds' });
      }
    }
    await tradeAt(core, '60000');
    expect(core.read.markPrice(pairId)?.mark).toBe(parseAmount('60000'));
    const open = (id: number, direction: 'rise' | 'fall', level: string) =>
      core.execute({ kind: 'test_alert_open', key: key(), id, pairId, direction, level: parseAmount(level) });
    await open(1, 'rise', '61000');
    await open(2, 'fall', '59000');
    await open(3, 'rise', '62000');

    // the mark rises through 61,000 but not 62,000: only alert 1 fires, as soon as a bid of 61,490
    // (with no ask left) lifts the mark above the last trade
    await tradeAt(core, '61500');
    expect((await fired()).map(amounts)).toEqual([{ id: 1, mark: '61490', bid: '61490', ask: null, last: '60000' }]);
    expect(core.read.markPrice(pairId)?.mark).toBe(parseAmount('61500'));
    await core.stop();

    // after a restart the mark comes back from the book and the last trade; nothing fires again
    const restarted = await newCore();
    expect(restarted.read.markPrice(pairId)?.mark).toBe(parseAmount('61500'));
    await tradeAt(restarted, '61600');
    expect((await fired()).map((row) => row.id)).toEqual([1]);

    // the mark falls through 59,000 (an ask of 58,010 caps it below the last trade): alert 2 fires once; 3 is still waiting
    await tradeAt(restarted, '58000');
    await tradeAt(restarted, '57000');
    expect((await fired()).map(amounts)).toEqual([
      { id: 1, mark: '61490', bid: '61490', ask: null, last: '60000' },
      { id: 2, mark: '58010', bid: '57990', ask: '58010', last: '61600' },
    ]);
    const keys = await db.query<{ n: number }>(`select count(*)::int as n from core_commands where idempotency_key like 'trigger:test_alerts:%'`);
    expect(keys[0]?.n).toBe(2);
    await restarted.stop();
  });
});
