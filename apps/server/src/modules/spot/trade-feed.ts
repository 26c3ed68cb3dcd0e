import { formatAmount } from '../../core/amount';
import type { Core } from '../../core/core';
import { lotAtoms, tickAtoms } from '../../core/spot/pair';
import type { DepthSnapshot, TradeFeed, TradeTick } from '../market/trade-feed';

/** The core's durable trades and live books, as market data consumes them. */
export class CoreTradeFeed implements TradeFeed {
  constructor(private readonly core: Core) {}

  onTrades(listener: (trades: TradeTick[]) => void): void {
    this.core.events.on('trades', (trades) => {
      const ticks: TradeTick[] = [];
      for (const trade of trades) {
        const pair = this.core.spot.pairs.get(trade.pairId);
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

  depth(pairId: number, levels: number): DepthSnapshot {
    const pair = this.core.spot.pairs.get(pairId);
    const book = this.core.spot.book(pairId);
    if (!pair || !book) return { pairId, bids: [], asks: [] };
    const depth = book.depth(levels);
    const level = (entry: { price: number; qty: number }): [string, string] => [
      formatAmount(BigInt(entry.price) * tickAtoms(pair)),
      formatAmount(BigInt(entry.qty) * lotAtoms(pair)),
    ];
    return { pairId, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }

  takeChangedBooks(): number[] {
    return this.core.spot.takeChangedBooks();
  }
}
