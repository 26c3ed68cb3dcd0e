import { floorDecimal, type LeverTradeItem } from '@tessera/protocol';
import { formatAmount, type Atoms } from '../../core/amount';
import { unrealisedAt, type LeverTrade } from '../../core/lever/state';
import { formatTimestamp } from '../../lib/time';

/** Amounts shown floored to 8 decimals, prices to the pair's precision (4 at most on old screens is the client's choice). */
export const amountText = (atoms: Atoms) => floorDecimal(formatAmount(atoms), 8);
export const priceText = (atoms: Atoms, decimals: number) => floorDecimal(formatAmount(atoms), decimals);

/** A lever trade as every list and the push show it; `mark` is the pair's current mark. */
export function presentTrade(trade: LeverTrade, names: Map<number, string>, mark: Atoms | undefined, pricePrecision: number): LeverTradeItem {
  const currency = names.get(trade.currencyId) ?? '';
  const legal = names.get(trade.legalId) ?? '';
  const held = trade.status === 1;
  const current = trade.status === 3 ? trade.closePrice : (mark ?? null);
  const profits = held && mark !== undefined ? unrealisedAt(trade, mark) : (trade.profits ?? 0n);
  return {
    id: trade.id,
    type: trade.type,
    status: trade.status,
    symbol: `${currency}/${legal}`,
    legal_id: trade.legalId,
    currency_id: trade.currencyId,
    legal,
    currency,
    share: trade.hands,
    multiple: trade.multiple,
    share_num: formatAmount(trade.shareNum),
    price: formatAmount(trade.price),
    origin_price: formatAmount(trade.openMark?.mark ?? trade.targetPrice ?? trade.price),
    update_price: current === null ? '0' : priceText(current, pricePrecision),
    target_profit_price: formatAmount(trade.takeProfit ?? 0n),
    stop_loss_price: formatAmount(trade.stopLoss ?? 0n),
    caution_money: amountText(trade.margin),
    origin_caution_money: amountText(trade.originMargin),
    trade_fee: amountText(trade.fee),
    overnight_money: amountText(trade.overnight),
    profits: amountText(profits),
    transaction_time: formatTimestamp(trade.createdAt),
    handle_time: trade.openedAt ? formatTimestamp(trade.openedAt) : '',
    complete_time: trade.closedAt ? formatTimestamp(trade.closedAt) : '',
    close_reason: trade.closeReason ?? '',
  };
}
