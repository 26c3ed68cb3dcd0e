import { useTranslation } from 'react-i18next';
import { usdtCnyRate } from '../../lib/trading/market';
import { CandleChart, MarketList, PairStats } from '../market';
import { DeskOrderBook, DeskRecentDeals, DeskTradePanel, TradingScreen } from '../spot';

/** Chart height of the terminal. */
const CHART_HEIGHT = 516;

/**
 * The candlestick terminal (/quotation): a 230 px market column, the pair header, the chart with
 * its periods and moving averages, and the book with the trade form beside it.
 */
export function TerminalPage() {
  const { t } = useTranslation();
  return (
    <TradingScreen
      testId="terminal"
      emptyTestId="terminal-empty"
      title={t('page.quotation')}
      gridClassName="lg:grid-cols-[230px_minmax(0,1fr)] xl:grid-cols-[230px_minmax(0,1fr)_19rem]"
    >
      {(desk) => (
        <>
          {/* The market column takes the height of the row beside it on wide screens. */}
          <div className="order-3 h-[520px] lg:order-1 lg:h-auto lg:min-h-[520px]">
            <MarketList groups={desk.groups} selected={desk.pair} isPending={desk.quotationsPending} height="100%" compact />
          </div>
          <div className="order-1 flex min-w-0 flex-col gap-2 lg:order-2">
            {/* the terminal shows the approximate US-dollar value of the last price */}
            <PairStats pair={desk.pair} item={desk.item} lastPrice={desk.lastPrice} approx={{ currency: 'usd', usdtCny: usdtCnyRate(desk.groups) }} />
            <CandleChart symbol={desk.pair.symbol} pricePrecision={desk.precision.price} height={CHART_HEIGHT} />
            <DeskRecentDeals desk={desk} className="h-[16rem] xl:h-auto xl:min-h-[12rem] xl:flex-1" />
          </div>
          <div className="order-2 grid min-w-0 content-start gap-2 md:grid-cols-2 lg:order-3 lg:col-span-2 xl:col-span-1 xl:grid-cols-1">
            <DeskOrderBook desk={desk} />
            <DeskTradePanel desk={desk} layout="tabs" />
          </div>
        </>
      )}
    </TradingScreen>
  );
}
