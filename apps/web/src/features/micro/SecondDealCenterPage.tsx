import { useTranslation } from 'react-i18next';
import { isPositive } from '../../lib/trading/decimal';
import { useIsGuest } from '../account';
import { CandleChart, IndexMarkStrip, MarketList, PairStats, useIndexPrice } from '../market';
import { TradingScreen, type PairDesk } from '../spot';
import { MicroOrdersPanel } from './MicroOrdersPanel';
import { MicroTradePanel } from './MicroTradePanel';
import { useMicroTerms, useSubmitMicro } from './queries';

/** Height of the pair list. */
const MARKET_LIST_HEIGHT = 520;

/**
 * Second contracts (/secondDealCenter): the pair list, the pair's header and chart (as on the spot
 * desk), the index contracts open and settle at, the up/down form, and the caller's running and
 * closed contracts.
 */
export function SecondDealCenterPage() {
  const { t } = useTranslation();
  return (
    <TradingScreen
      testId="second-deal-center"
      emptyTestId="second-deal-center-empty"
      product="micro"
      title={t('page.secondDealCenter')}
      gridClassName="lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[17.5rem_minmax(0,1fr)_22rem]"
    >
      {(desk) => <SecondDesk desk={desk} />}
    </TradingScreen>
  );
}

function SecondDesk({ desk }: { desk: PairDesk }) {
  const guest = useIsGuest();
  const { seconds, currencies } = useMicroTerms();
  const submit = useSubmitMicro();
  const pairIds = { legal_id: desk.pair.legal_id, currency_id: desk.pair.currency_id };
  // a running contract's result is decided by the index, not by the pair's last trade
  const index = useIndexPrice(pairIds).data?.index_price ?? '';
  const currency = currencies.data?.[0];
  const matchId = desk.item?.id;
  // into the micro wallet; guests (the shared demo account) may not transfer
  const transferTo = desk.signedIn && !guest && currency ? `/new_account/transferLegal?currency_id=${currency.id}&from=change&to=micro` : undefined;
  return (
    <>
      <div className="order-3 lg:col-span-2 xl:order-1 xl:col-span-1">
        <MarketList groups={desk.groups} selected={desk.pair} isPending={desk.quotationsPending} height={MARKET_LIST_HEIGHT} />
      </div>
      <div className="order-1 flex min-w-0 flex-col gap-2 xl:order-2">
        <PairStats pair={desk.pair} item={desk.item} lastPrice={desk.lastPrice} />
        {/* contracts open and settle at the index (decision 0013); the chart stays the pair's own trades */}
        <IndexMarkStrip pair={pairIds} pricePrecision={desk.precision.price} showMark={false} />
        <CandleChart symbol={desk.pair.symbol} pricePrecision={desk.precision.price} height={420} terminalLink="/quotation" />
      </div>
      <MicroTradePanel
        className="order-2 xl:order-3"
        symbol={desk.pair.symbol}
        open={desk.item?.open_microtrade === 1}
        seconds={seconds.data ?? []}
        currency={currency}
        signedIn={desk.signedIn}
        transferTo={transferTo}
        busy={submit.isPending}
        onSubmit={(order) => {
          if (matchId === undefined || !currency) return;
          submit.mutate({ match_id: matchId, currency_id: currency.id, ...order });
        }}
      />
      <MicroOrdersPanel
        className="order-4 lg:col-span-2 xl:col-span-3"
        matchId={matchId}
        currentPrice={isPositive(index) ? index : desk.lastPrice}
        pricePrecision={desk.precision.price}
        signedIn={desk.signedIn}
      />
    </>
  );
}
