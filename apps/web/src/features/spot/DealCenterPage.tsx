import { useTranslation } from 'react-i18next';
import { CandleChart, MarketList, PairStats } from '../market';
import { CurrencyInfo } from './CurrencyInfo';
import { DeskOrderBook, DeskRecentDeals, DeskTradePanel } from './DeskPanels';
import { OrdersPanel } from './OrdersPanel';
import { TradingScreen } from './TradingScreen';

/** Height of the market list on the desk. */
const MARKET_LIST_HEIGHT = 520;

/**
 * The spot trading desk (/dealCenter): market list and currency details, the pair header and its
 * chart, the trade form, the order book and recent deals, and the trader's orders.
 */
export function DealCenterPage() {
  const { t } = useTranslation();
  return (
    <TradingScreen
      testId="deal-center"
      emptyTestId="desk-empty"
      title={t('page.dealCenter')}
      gridClassName="lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[17.5rem_minmax(0,1fr)_19rem]"
    >
      {(desk) => (
        <>
          {/* Left column: markets and the currency (last on small screens). */}
          <div className="order-3 flex flex-col gap-2 lg:col-span-2 xl:order-1 xl:col-span-1">
            <MarketList groups={desk.groups} selected={desk.pair} isPending={desk.quotationsPending} height={MARKET_LIST_HEIGHT} />
            <CurrencyInfo currencyId={desk.pair.currency_id} className="h-[22rem] xl:h-auto xl:flex-1" />
          </div>

          {/* Centre: header, chart, form. */}
          <div className="order-1 flex min-w-0 flex-col gap-2 xl:order-2">
            <PairStats pair={desk.pair} item={desk.item} lastPrice={desk.lastPrice} />
            <CandleChart symbol={desk.pair.symbol} pricePrecision={desk.precision.price} height={420} terminalLink="/quotation" />
            <DeskTradePanel desk={desk} className="flex-1" />
          </div>

          {/* Right: book and deals. */}
          <div className="order-2 flex min-w-0 flex-col gap-2 xl:order-3">
            <DeskOrderBook desk={desk} />
            <DeskRecentDeals desk={desk} className="min-h-[18rem] flex-1" />
          </div>

          <OrdersPanel pair={desk.pair} precision={desk.precision} signedIn={desk.signedIn} className="order-4 lg:col-span-2 xl:col-span-3" />
        </>
      )}
    </TradingScreen>
  );
}
