import { useTranslation } from 'react-i18next';
import { ChartIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { bestAsk, bestBid } from '../../lib/trading/book';
import { CandleChart } from '../market/CandleChart';
import { MarketList } from '../market/MarketList';
import { OrderBook } from '../market/OrderBook';
import { PairStats } from '../market/PairStats';
import { RecentDeals } from '../market/RecentDeals';
import { TradePanel } from '../spot/TradePanel';
import { useTradingPair } from '../spot/useTradingPair';

/** Chart height of the terminal (spec 1 §2). */
const CHART_HEIGHT = 516;

/**
 * The candlestick terminal (/quotation): a 230 px market column, the pair header, the chart with
 * its periods and moving averages, and the book with the trade form beside it.
 */
export function TerminalPage() {
  const { t } = useTranslation();
  const desk = useTradingPair();
  const { pair } = desk;

  if (!pair) {
    return desk.quotationsPending ? (
      <div className="grid flex-1 place-items-center py-24">
        <Spinner />
      </div>
    ) : (
      <StatePanel icon={<ChartIcon size={26} />} title={t('market.noPairs')} testId="terminal-empty" className="py-24" />
    );
  }

  return (
    <div data-testid="terminal" data-symbol={pair.symbol} className="mx-auto w-full max-w-[120rem] px-2 py-2 sm:px-3">
      <h1 className="sr-only">{t('page.quotation')}</h1>
      <div className="grid grid-cols-1 gap-2 lg:grid-cols-[230px_minmax(0,1fr)] xl:grid-cols-[230px_minmax(0,1fr)_19rem]">
        {/* The market column takes the height of the row beside it on wide screens. */}
        <div className="order-3 h-[520px] lg:order-1 lg:h-auto lg:min-h-[520px]">
          <MarketList groups={desk.groups} selected={pair} isPending={desk.quotationsPending} height="100%" compact />
        </div>
        <div className="order-1 flex min-w-0 flex-col gap-2 lg:order-2">
          <PairStats pair={pair} item={desk.item} lastPrice={desk.lastPrice} />
          <CandleChart symbol={pair.symbol} pricePrecision={desk.precision.price} height={CHART_HEIGHT} />
          <RecentDeals
            deals={desk.deals}
            isPending={desk.dealsPending}
            legalName={pair.legal_name}
            currencyName={pair.currency_name}
            pricePrecision={desk.precision.price}
            quantityPrecision={desk.precision.quantity}
            className="h-[16rem] xl:h-auto xl:min-h-[12rem] xl:flex-1"
          />
        </div>
        <div className="order-2 grid min-w-0 content-start gap-2 md:grid-cols-2 lg:order-3 lg:col-span-2 xl:col-span-1 xl:grid-cols-1">
          <OrderBook
            bids={desk.bids}
            asks={desk.asks}
            lastPrice={desk.lastPrice}
            direction={desk.direction}
            legalName={pair.legal_name}
            currencyName={pair.currency_name}
            pricePrecision={desk.precision.price}
            quantityPrecision={desk.precision.quantity}
            onPick={desk.pick}
          />
          <TradePanel
            layout="tabs"
            pair={pair}
            precision={desk.precision}
            bestAsk={bestAsk(desk.asks)}
            bestBid={bestBid(desk.bids)}
            availableQuote={desk.availableQuote}
            availableBase={desk.availableBase}
            signedIn={desk.signedIn}
            picked={desk.picked}
          />
        </div>
      </div>
    </div>
  );
}
