import { formatAmount } from '../../core/amount';
import type { Core } from '../../core/core';
import type { DepthLevel } from '../../core/read-view';
import type { DepthSnapshot, PairSettingsTick, TradeFeed, TradeTick } from '../market/trade-feed';

/** The core's durable trades and live books, as market data consumes them. */
export class CoreTradeFeed implements TradeFeed {
  /** pairs whose book changed since the last `takeChangedBooks`: every book change moves an order */
  private readonly changedBooks = new Set<number>();

  constructor(private readonly core: Core) {
    core.events.on('orders', (orders) => {
      for (const order of orders) this.changedBooks.add(order.pairId);
    });
  }

  onTrades(listener: (trades: TradeTick[]) => void): void {
    this.core.events.on('trades', (trades) => {
      const ticks: TradeTick[] = [];
      for (const trade of trades) {
        const pair = this.core.read.pair(trade.pairId);
        if (!pair) continue;
        ticks.push({
          tradeId: trade.id,
          pairId: trade.pairId,
          currencyId: pair.currencyId,
          legalId: pair.legalId,
          price: formatAmount(trade.price),
          quantity: formatAmount(trade.quantity),
          takerSide: trade.takerSide,
          time: trade.createdAt,
        });
      }
      if (ticks.length > 0) listener(ticks);
    });
  }

  onPairSettings(listener: (changes: PairSettingsTick[]) => void): void {
    this.core.events.on('pairs', (changes) => {
      listener(
        changes.map(({ pairId, spot, lever }) => ({
          pairId,
          ...(spot ? { isDisplay: spot.enabled, pricePrecision: spot.pricePrecision, quantityPrecision: spot.quantityPrecision } : {}),
          ...(lever
            ? { leverShareNum: formatAmount(lever.shareNum), spread: formatAmount(lever.spread), leverTradeFee: formatAmount(lever.feeRate), openLever: lever.enabled }
            : {}),
        })),
      );
    });
  }

  depth(pairId: number, levels: number): DepthSnapshot {
    const depth = this.core.read.depth(pairId, levels);
    const level = (entry: DepthLevel): [string, string] => [formatAmount(entry.price), formatAmount(entry.quantity)];
    return { pairId, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }

  /** Each feed keeps its own list, so two readers never take each other's changes. */
  takeChangedBooks(): number[] {
    const changed = [...this.changedBooks];
    this.changedBooks.clear();
    return changed;
  }
}
