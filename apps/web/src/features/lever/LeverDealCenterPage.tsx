import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPositive } from '../../lib/trading/decimal';
import type { LeverContext } from '../../lib/trading/lever-form';
import { choiceValues } from '../../lib/trading/lever-live';
import { useIsGuest } from '../account';
import { CandleChart, IndexMarkStrip, MarketList, PairStats, useIndexPrice } from '../market';
import { DeskOrderBook, TradingScreen, type PairDesk } from '../spot';
import { LeverOpenOrders } from './LeverOpenOrders';
import { LeverTradePanel } from './LeverTradePanel';
import { LeverTradesPanel } from './LeverTradesPanel';
import { useLeverDeal, useLeverFeed } from './queries';

/** Height of the market list on the lever desk. */
const MARKET_LIST_HEIGHT = 560;

/**
 * The leverage deal centre (/leverdealCenter): market list, the pair header and its chart, the
 * lever trade form, the book, the pair's open orders and the trader's lever trades, live.
 */
export function LeverDealCenterPage() {
  const { t } = useTranslation();
  useLeverFeed();
  return (
    <TradingScreen
      testId="lever-center"
      emptyTestId="lever-empty"
      product="lever"
      title={t('page.leverdealCenter')}
      gridClassName="lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[17.5rem_minmax(0,1fr)_20rem]"
    >
      {(desk) => <LeverDesk desk={desk} />}
    </TradingScreen>
  );
}

function LeverDesk({ desk }: { desk: PairDesk }) {
  const { t } = useTranslation();
  const guest = useIsGuest();
  const deal = useLeverDeal(desk.pair);
  const item = desk.item;
  const pairIds = { legal_id: desk.pair.legal_id, currency_id: desk.pair.currency_id };
  // the form prices at the mark (positions open at it plus the spread), else the last price known
  const mark = useIndexPrice(pairIds).data?.mark_price ?? '';
  const lastPrice = isPositive(mark) ? mark : isPositive(desk.lastPrice) ? desk.lastPrice : (deal.data?.last_price ?? '');
  const context: LeverContext = {
    lastPrice,
    shareNum: deal.data?.lever_share_num ?? item?.lever_share_num ?? '1',
    spread: deal.data?.spread ?? item?.spread ?? '0',
    feePercent: deal.data?.lever_trade_fee ?? item?.lever_trade_fee ?? '0',
    minHands: String(deal.data?.lever_share_limit?.min ?? ''),
    maxHands: String(deal.data?.lever_share_limit?.max ?? ''),
  };

  return (
    <>
      <div className="order-3 flex flex-col gap-2 lg:col-span-2 xl:order-1 xl:col-span-1">
        <MarketList groups={desk.groups} selected={desk.pair} isPending={desk.quotationsPending} height={MARKET_LIST_HEIGHT} />
      </div>

      <div className="order-1 flex min-w-0 flex-col gap-2 xl:order-2" data-testid="lever-mark" data-price={lastPrice}>
        <PairStats pair={desk.pair} item={item} lastPrice={desk.lastPrice} />
        {/* positions open, close and trigger at the mark (decision 0013); the chart stays the pair's own trades */}
        <IndexMarkStrip pair={pairIds} pricePrecision={desk.precision.price} showMark />
        <CandleChart symbol={desk.pair.symbol} pricePrecision={desk.precision.price} height={420} terminalLink="/quotation" />
      </div>

      <div className="order-2 flex min-w-0 flex-col gap-2 xl:order-3">
        <LeverTradePanel
          pair={desk.pair}
          context={context}
          pricePrecision={desk.precision.price}
          multiples={choiceValues(deal.data?.multiple?.muit)}
          quickHands={choiceValues(deal.data?.multiple?.share)}
          available={deal.data?.user_lever ?? ''}
          signedIn={desk.signedIn}
          guest={guest}
        />
        <DeskOrderBook desk={desk} />
      </div>

      <div className="order-4 flex flex-col gap-2 lg:col-span-2 xl:col-span-3">
        <LeverOpenOrders
          deal={deal.data}
          signedIn={desk.signedIn}
          pricePrecision={desk.precision.price}
          height={240}
        />
        <LeverTradesPanel pair={pairIds} signedIn={desk.signedIn} pricePrecision={desk.precision.price} />
        <nav className="flex flex-wrap gap-4 px-1 text-[0.75rem]" aria-label={t('lever.moreViews')}>
          {(['leverTransactions', 'leverTransaction', 'leverList', 'allTransaction', 'leverRecord', 'lever_manger'] as const).map((path) => (
            <Link key={path} to={`/${path}`} className="font-medium text-brand hover:underline" data-testid={`lever-link-${path}`}>
              {t(`page.${path}`)}
            </Link>
          ))}
        </nav>
      </div>
    </>
  );
}
