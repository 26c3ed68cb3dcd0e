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
import { CurrencyInfo } from './CurrencyInfo';
import { OrdersPanel } from './OrdersPanel';
import { TradePanel } from './TradePanel';
import { useTradingPair } from './useTradingPair';

/** Height of the market list on the desk (spec 1 §2). */
const MARKET_LIST_HEIGHT = 520;

/**
 * The spot trading desk (/dealCenter): market list and currency details, the pair header and its
 * chart, the trade form, the order book and recent deals, and the trader's orders.
 */
export function DealCenterPage() {
  const { t } = useTranslation();
  const desk = useTradingPair();
  const { pair } = desk;

  if (!pair) {
    return desk.quotationsPending ? (
      <div className="grid flex-1 place-items-center py-24">
        <Spinner />
      </div>
    ) : (
      <StatePanel icon={<ChartIcon size={26} />} title={t('market.noPairs')} testId="desk-empty" className="py-24" />
    );
  }

  const trade = (
    <TradePanel
      pair={pair}
      precision={desk.precision}
      bestAsk={bestAsk(desk.asks)}
      bestBid={bestBid(desk.bids)}
      availableQuote={desk.availableQuote}
      availableBase={desk.availableBase}
      signedIn={desk.signedIn}
      picked={desk.picked}
      className="flex-1"
    />
  );

  return (
    <div data-testid="deal-center" data-symbol={pair.symbol} className="mx-auto w-full max-w-[120rem] px-2 py-2 sm:px-3">
      <h1 className="sr-only">{t('page.dealCenter')}</h1>
      <div className="grid grid-cols-1 gap-2 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[17.5rem_minmax(0,1fr)_19rem]">
        {/* Left column: markets and the currency (last on small screens). */}
        <div className="order-3 flex flex-col gap-2 lg:col-span-2 xl:order-1 xl:col-span-1">
          <MarketList groups={desk.groups} selected={pair} isPending={desk.quotationsPending} height={MARKET_LIST_HEIGHT} />
          <CurrencyInfo currencyId={pair.currency_id} className="h-[22rem] xl:h-auto xl:flex-1" />
        </div>

        {/* Centre: header, chart, form. */}
        <div className="order-1 flex min-w-0 flex-col gap-2 xl:order-2">
          <PairStats pair={pair} item={desk.item} lastPrice={desk.lastPrice} />
          <CandleChart symbol={pair.symbol} pricePrecision={desk.precision.price} height={420} terminalLink="/quotation" />
          {trade}
        </div>

        {/* Right: book and deals. */}
        <div className="order-2 flex min-w-0 flex-col gap-2 xl:order-3">
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
          <RecentDeals
            deals={desk.deals}
            isPending={desk.dealsPending}
            legalName={pair.legal_name}
            currencyName={pair.currency_name}
            pricePrecision={desk.precision.price}
            quantityPrecision={desk.precision.quantity}
            className="min-h-[18rem] flex-1"
          />
        </div>

        <OrdersPanel pair={pair} precision={desk.precision} signedIn={desk.signedIn} className="order-4 lg:col-span-2 xl:col-span-3" />
      </div>
    </div>
  );
}
