import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { SettlementMismatch } from '../kind';
import { markPrice } from '../triggers/mark-price';
import { TRADE_COLUMNS, tradeFromRow } from './repository';
import { closePrice, contractValue, feeOfValue, marginOf, openPrice, profitAt, type LeverTrade, type MarkRecord } from './state';

/**
 * Recomputes every lever settlement from what it recorded: each mark from its inputs (best bid,
 * best ask, last trade), each opened position's price, margin and fee from its mark, spread,
 * contract size, multiple and fee rate, each closed position's close price and profit from its
 * close mark, and each overnight charge from its mark and rate. Any difference is a mismatch.
 */
export async function recomputeLever(db: Queryable): Promise<SettlementMismatch[]> {
  const mismatches: SettlementMismatch[] = [];
  const differ = (id: number, field: string, recorded: Atoms | null, recomputed: Atoms | null) => {
    if (recorded !== recomputed) {
      mismatches.push({ table_name: 'lever_trades', id, field, recorded: recorded === null ? null : formatAmount(recorded), recomputed: recomputed === null ? null : formatAmount(recomputed) });
    }
  };
  const rows = await db.query<Parameters<typeof tradeFromRow>[0]>(`select ${TRADE_COLUMNS} from lever_trades where status in (1, 3) order by id`);
  for (const trade of rows.map(tradeFromRow)) {
    checkMark(trade.id, 'open_mark', trade.openMark, differ);
    const basis = trade.targetPrice ?? trade.openMark?.mark ?? null;
    differ(trade.id, 'price', trade.price, basis === null ? null : openPrice(trade.type, basis, trade.spread));
    const value = contractValue(trade.price, trade.hands, trade.shareNum);
    differ(trade.id, 'origin_margin', trade.originMargin, marginOf(value, trade.multiple));
    differ(trade.id, 'fee', trade.fee, feeOfValue(value, trade.feeRate));
    if (trade.status !== 3) continue;
    checkMark(trade.id, 'close_mark', trade.closeMark, differ);
    const exit = trade.closeMark ? closePrice(trade.type, trade.closeMark.mark, trade.spread) : null;
    differ(trade.id, 'close_price', trade.closePrice, exit);
    differ(trade.id, 'profits', trade.profits, exit === null ? null : profitAt(trade, exit));
  }

  const charges = await db.query<{ trade_id: string; day: string; rate: string; mark: string; best_bid: string | null; best_ask: string | null; last_trade: string | null; value: string; amount: string; from_available: string; from_margin: string; hands: number; share_num: string }>(
    `select c.trade_id::text, c.day::text, c.rate::text, c.mark::text, c.best_bid::text, c.best_ask::text, c.last_trade::text, c.value::text, c.amount::text,
            c.from_available::text, c.from_margin::text, t.hands, t.share_num::text
       from lever_overnight_charges c join lever_trades t on t.id = c.trade_id order by c.trade_id, c.day`,
  );
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
    const recomputedMark = markPrice({ pairId: 0, bestBid: nullable(charge.best_bid), bestAsk: nullable(charge.best_ask), lastTrade: nullable(charge.last_trade) });
    if (recomputedMark !== null) push('mark', formatAmount(mark), formatAmount(recomputedMark));
  }
  return mismatches;
}

const nullable = (text: string | null) => (text === null ? null : parseAmount(text));

function checkMark(id: number, field: string, record: MarkRecord | null, differ: (id: number, field: string, recorded: Atoms | null, recomputed: Atoms | null) => void): void {
  if (!record) return;
  differ(id, field, record.mark, markPrice(record.inputs));
}

export type { LeverTrade };
