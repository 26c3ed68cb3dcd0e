import { UNIT } from '@tessera/protocol';
import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import { ROUND_OF_TICK, tickOfRound } from '../index-prices/repository';
import { isStale } from '../index-prices/rules';
import type { SettlementMismatch } from '../kind';
import { markPrice } from '../triggers/mark-price';
import { TRADE_COLUMNS, tradeFromRow } from './repository';
import { closePrice, contractValue, feeOfValue, marginOf, openPrice, profitAt, type LeverTrade, type MarkRecord } from './state';

/** What the audit reads of a recorded index tick. */
interface TickFacts {
  pairId: number;
  at: number;
  value: Atoms;
  mark: Atoms;
}

type Differ = (id: number, field: string, recorded: Atoms | null, recomputed: Atoms | null) => void;

/**
 * Recomputes every lever settlement from what it recorded. Each mark is the mark of the index tick
 * it names (the index kind's audit recomputes every tick from its sources and impact prices), made
 * at a fresh tick for opens and owner closes; a fill, a take-profit or a stop-loss closed at a mark
 * that reached its level, a liquidation at marks where the rate was at or below the setting. From
 * the marks: each opened position's price, margin and fee from its spread, contract size, multiple
 * and fee rate, each closed position's close price and profit, and each overnight charge from its
 * mark and rate. Records made before the index (no tick) are checked against their book inputs
 * (best bid, best ask, last trade: decision 0009). Any difference is a mismatch.
 */
export async function recomputeLever(db: Queryable): Promise<SettlementMismatch[]> {
  const mismatches: SettlementMismatch[] = [];
  const differ: Differ = (id, field, recorded, recomputed) => {
    if (recorded !== recomputed) {
      mismatches.push({ table_name: 'lever_trades', id, field, recorded: recorded === null ? null : formatAmount(recorded), recomputed: recomputed === null ? null : formatAmount(recomputed) });
    }
  };
  type Row = Parameters<typeof tradeFromRow>[0];
  const rows = await db.query<Row>(`select ${TRADE_COLUMNS} from lever_trades where status in (1, 3) order by id`);
  const charges = await db.query<ChargeRow>(
    `select c.trade_id::text, c.day::text, c.rate::text, c.mark::text, c.best_bid::text, c.best_ask::text, c.last_trade::text, c.tick_id::text,
            c.value::text, c.amount::text, c.from_available::text, c.from_margin::text, t.hands, t.share_num::text
       from lever_overnight_charges c join lever_trades t on t.id = c.trade_id order by c.trade_id, c.day`,
  );
  const liquidations = await db.query<LiquidationRow>(
    'select id::text, available::text, margin::text, unrealised::text, liquidation_rate::text, marks, trade_ids from lever_liquidations order by id',
  );
  const ticks = await ticksNamed(db, [
    ...rows.flatMap((row) => [row.open_tick, row.close_tick]),
    ...charges.map((charge) => charge.tick_id),
    ...liquidations.flatMap((row) => parsed<LiquidationMark[]>(row.marks).map((mark) => (mark.tickId == null ? null : String(mark.tickId)))),
  ]);
  const liquidationMarks = new Map<number, LiquidationMark[]>();
  for (const row of liquidations) checkLiquidation(row, ticks, mismatches, liquidationMarks);

  for (const row of rows) {
    const trade = tradeFromRow(row);
    const opened = trade.openedAt?.getTime() ?? trade.createdAt.getTime();
    checkMark(trade.id, 'open_mark', trade.openMark, { bestBid: row.open_bid, bestAsk: row.open_ask, lastTrade: row.open_last }, ticks, opened, differ, mismatches);
    if (trade.targetPrice !== null && trade.openMark?.tickId != null && !reached(trade.type === 1 ? 'fall' : 'rise', trade.openMark.mark, trade.targetPrice)) {
      mismatches.push(problem(trade.id, 'open mark did not reach the limit price', trade.openMark.mark, trade.targetPrice));
    }
    const basis = trade.targetPrice ?? trade.openMark?.mark ?? null;
    differ(trade.id, 'price', trade.price, basis === null ? null : openPrice(trade.type, basis, trade.spread));
    const value = contractValue(trade.price, trade.hands, trade.shareNum);
    differ(trade.id, 'origin_margin', trade.originMargin, marginOf(value, trade.multiple));
    differ(trade.id, 'fee', trade.fee, feeOfValue(value, trade.feeRate));
    if (trade.status !== 3) continue;
    checkMark(trade.id, 'close_mark', trade.closeMark, { bestBid: row.close_bid, bestAsk: row.close_ask, lastTrade: row.close_last }, ticks, trade.closedAt?.getTime() ?? null, differ, mismatches);
    checkCloseReason(trade, liquidationMarks, mismatches);
    const exit = trade.closeMark ? closePrice(trade.type, trade.closeMark.mark, trade.spread) : null;
    differ(trade.id, 'close_price', trade.closePrice, exit);
    differ(trade.id, 'profits', trade.profits, exit === null ? null : profitAt(trade, exit));
  }

  for (const charge of charges) {
    const id = Number(charge.trade_id);
    const push = (field: string, recorded: string, recomputed: string) => {
      if (recorded !== recomputed) mismatches.push({ table_name: 'lever_overnight_charges', id, field: `${charge.day} ${field}`, recorded, recomputed });
    };
    const mark = parseAmount(charge.mark);
    const value = contractValue(mark, charge.hands, parseAmount(charge.share_num));
    push('value', formatAmount(parseAmount(charge.value)), formatAmount(value));
    const due = feeOfValue(value, parseAmount(charge.rate));
    const charged = parseAmount(charge.from_available) + parseAmount(charge.from_margin);
    push('amount', formatAmount(parseAmount(charge.amount)), formatAmount(charged));
    // a charge is the day's fee, or less only when the wallet and the margin held less
    if (charged > due) push('amount above the fee', formatAmount(charged), formatAmount(due));
    // an overnight fee may be charged at the last mark while the index is stale: no freshness check
    const recomputedMark = charge.tick_id !== null ? ticks.get(Number(charge.tick_id))?.mark : bookMark(charge.best_bid, charge.best_ask, charge.last_trade);
    if (recomputedMark != null) push('mark', formatAmount(mark), formatAmount(recomputedMark));
    else if (charge.tick_id !== null) push('mark of a missing index tick', formatAmount(mark), '');
  }
  return mismatches;
}

interface ChargeRow {
  trade_id: string;
  day: string;
  rate: string;
  mark: string;
  best_bid: string | null;
  best_ask: string | null;
  last_trade: string | null;
  tick_id: string | null;
  value: string;
  amount: string;
  from_available: string;
  from_margin: string;
  hands: number;
  share_num: string;
}

interface LiquidationMark {
  pairId: number;
  mark: string;
  tickId?: number | null;
}

interface LiquidationRow {
  id: string;
  available: string;
  margin: string;
  unrealised: string;
  liquidation_rate: string;
  marks: LiquidationMark[] | string;
  trade_ids: number[] | string;
}

const parsed = <T,>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const nullable = (text: string | null) => (text === null ? null : parseAmount(text));
const bookMark = (bid: string | null, ask: string | null, last: string | null) => markPrice({ bestBid: nullable(bid), bestAsk: nullable(ask), lastTrade: nullable(last) });
const reached = (direction: 'rise' | 'fall', mark: Atoms, level: Atoms) => (direction === 'rise' ? mark >= level : mark <= level);
const problem = (id: number, field: string, recorded: Atoms | null, recomputed: Atoms | null): SettlementMismatch => ({
  table_name: 'lever_trades',
  id,
  field,
  recorded: recorded === null ? null : formatAmount(recorded),
  recomputed: recomputed === null ? null : formatAmount(recomputed),
});

async function ticksNamed(db: Queryable, ids: (string | null)[]): Promise<Map<number, TickFacts>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.query<{ id: string; pair_id: number; at: Date; value: string; mark: string }>(
    `select t.id, t.pair_id, t.at, t.value, t.mark from unnest($1::bigint[]) w(id)
       cross join lateral ${ROUND_OF_TICK('w.id')} r
       cross join lateral (select ${tickOfRound('r', '(w.id - r.id + 1)::int')}) t
      where t.pair_id is not null`,
    [wanted],
  );
  return new Map(rows.map((row) => [Number(row.id), { pairId: row.pair_id, at: new Date(row.at).getTime(), value: parseAmount(row.value), mark: parseAmount(row.mark) }]));
}

/**
 * A recorded mark against the tick it names: the same mark and index, and a tick that was fresh
 * when the record was made (`madeAt`; null: not checked). Without a tick, the book's median of 0009.
 */
function checkMark(
  id: number,
  field: string,
  record: MarkRecord | null,
  book: { bestBid: string | null; bestAsk: string | null; lastTrade: string | null },
  ticks: Map<number, TickFacts>,
  madeAt: number | null,
  differ: Differ,
  mismatches: SettlementMismatch[],
): void {
  if (!record) return;
  if (record.tickId === null) {
    differ(id, field, record.mark, bookMark(book.bestBid, book.bestAsk, book.lastTrade));
    return;
  }
  const tick = ticks.get(record.tickId);
  if (!tick) {
    mismatches.push(problem(id, `${field} names index tick ${record.tickId}, which is not recorded`, record.mark, null));
    return;
  }
  differ(id, field, record.mark, tick.mark);
  differ(id, `${field} index`, record.index, tick.value);
  if (madeAt !== null && isStale(tick.at, madeAt)) mismatches.push(problem(id, `${field} was made at a stale index tick ${record.tickId}`, record.mark, null));
}

/** A take-profit or stop-loss closed at a mark that reached its level; a liquidated position at its liquidation's mark. */
function checkCloseReason(trade: LeverTrade, liquidationMarks: Map<number, LiquidationMark[]>, mismatches: SettlementMismatch[]): void {
  const mark = trade.closeMark;
  if (!mark || mark.tickId === null) return;
  const long = trade.type === 1;
  if (trade.closeReason === 'take_profit' && trade.takeProfit !== null && !reached(long ? 'rise' : 'fall', mark.mark, trade.takeProfit)) {
    mismatches.push(problem(trade.id, 'close mark did not reach the take-profit', mark.mark, trade.takeProfit));
  }
  if (trade.closeReason === 'stop_loss' && trade.stopLoss !== null && !reached(long ? 'fall' : 'rise', mark.mark, trade.stopLoss)) {
    mismatches.push(problem(trade.id, 'close mark did not reach the stop-loss', mark.mark, trade.stopLoss));
  }
  if (trade.closeReason === 'liquidation') {
    const recorded = liquidationMarks.get(trade.id)?.find((entry) => entry.pairId === trade.pairId)?.mark;
    const at = recorded === undefined ? undefined : parseAmount(recorded);
    if (at !== mark.mark) mismatches.push(problem(trade.id, 'close mark is not its liquidation’s mark', mark.mark, at ?? null));
  }
}

/** A liquidation: each mark is its tick's, and the rate at those figures was at or below the setting. */
function checkLiquidation(row: LiquidationRow, ticks: Map<number, TickFacts>, mismatches: SettlementMismatch[], marksOfTrades: Map<number, LiquidationMark[]>): void {
  const id = Number(row.id);
  const marks = parsed<LiquidationMark[]>(row.marks);
  const push = (field: string, recorded: string | null, recomputed: string | null) => mismatches.push({ table_name: 'lever_liquidations', id, field, recorded, recomputed });
  for (const mark of marks) {
    if (mark.tickId == null) continue;
    const tick = ticks.get(mark.tickId);
    if (!tick || tick.mark !== parseAmount(mark.mark)) push(`mark of pair ${mark.pairId}`, mark.mark, tick ? formatAmount(tick.mark) : null);
  }
  const margin = parseAmount(row.margin);
  const equity = parseAmount(row.available) + margin + parseAmount(row.unrealised);
  if (equity * 100n * UNIT > parseAmount(row.liquidation_rate) * margin) push('risk rate above the liquidation rate', formatAmount(equity), formatAmount(margin));
  const tradeIds = parsed<number[]>(row.trade_ids);
  for (const tradeId of tradeIds) marksOfTrades.set(tradeId, marks);
}
