import { bestAsk, bestBid } from '../../lib/trading/book';
import { cnyValue } from '../../lib/trading/market';
import { useIsGuest } from '../account';
import { OrderBook, RecentDeals } from '../market';
import { TradePanel } from './trade-panel';
import type { PairDesk } from './useTradingPair';

/*
 * The market panels of the trading screens, fed from the selected pair's data (`useTradingPair`).
 * The desk and the terminal show the same book, deals and trade form and differ only in where
 * they put them, so the wiring is written once here.
 */

/** The order book; a click on a price hands it to the trade form. */
export function DeskOrderBook({ desk }: { desk: PairDesk }) {
  return (
    <OrderBook
      bids={desk.bids}
      asks={desk.asks}
      lastPrice={desk.lastPrice}
      direction={desk.direction}
      lastPriceCny={cnyValue(desk.lastPrice, desk.item)}
      legalName={desk.pair.legal_name}
      currencyName={desk.pair.currency_name}
      pricePrecision={desk.precision.price}
      quantityPrecision={desk.precision.quantity}
      onPick={desk.pick}
    />
  );
}

export function DeskRecentDeals({ desk, className }: { desk: PairDesk; className?: string }) {
  return (
    <RecentDeals
      deals={desk.deals}
      isPending={desk.dealsPending}
      legalName={desk.pair.legal_name}
      currencyName={desk.pair.currency_name}
      pricePrecision={desk.precision.price}
      quantityPrecision={desk.precision.quantity}
      className={className}
    />
  );
}

/** The buy/sell form, with the best prices of the book and the trader's balances. */
export function DeskTradePanel({ desk, layout, className }: { desk: PairDesk; layout?: 'split' | 'tabs'; className?: string }) {
  const guest = useIsGuest();
  // into the spot (change) wallet, in the pair's quote currency; guests may not transfer
  const transferTo = desk.signedIn && !guest ? `/new_account/transferLegal?currency_id=${desk.pair.legal_id}&from=legal&to=change` : undefined;
  return (
    <TradePanel
      layout={layout}
      pair={desk.pair}
      precision={desk.precision}
      bestAsk={bestAsk(desk.asks)}
      bestBid={bestBid(desk.bids)}
      availableQuote={desk.availableQuote}
      availableBase={desk.availableBase}
      signedIn={desk.signedIn}
      transferTo={transferTo}
      picked={desk.picked}
      className={className}
    />
  );
}
