import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { C2cAd, C2cAdType } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { VirtualList } from '../../components/VirtualList';
import { parseWays } from '../../lib/trading/c2c';
import { errorText } from '../auth';
import { BalanceStrip, C2cScreen, CoinPicker, WayIcons } from './common';
import { InlineError, ListState, MoreButton } from './lists';
import { flatRows, useC2cCurrencies, useC2cLive, useMarketAds } from './queries';
import { TakeDialog } from './TakeDialog';
import { useChosenCoin } from './useChosenCoin';

/** What the taker does: buy from sell ads, or sell into buy ads. */
type Side = 'buy' | 'sell';
const AD_TYPE_OF: Record<Side, C2cAdType> = { buy: 'sell', sell: 'buy' };

const ROW_HEIGHT = 72;

/**
 * `/fiatradCenter`: the c2c market. Tabs buy and sell, a coin selector, and the open ads with the
 * seller, what is left, the unit price in CNY, the payment ways and the action, which takes the ad
 * after a confirmation.
 */
export function FiatTradeCenterPage() {
  const { t } = useTranslation();
  useC2cLive();
  const [side, setSide] = useState<Side>('buy');
  const currencies = useC2cCurrencies();
  const [coin, setCoin] = useChosenCoin(currencies.data?.coins);
  const ads = useMarketAds(AD_TYPE_OF[side], coin?.id);
  const rows = flatRows(ads.data);
  const [taking, setTaking] = useState<C2cAd | null>(null);

  return (
    <C2cScreen
      title={t('page.fiatradCenter')}
      subtitle={t('c2c.market.subtitle')}
      testId="c2c-market"
      actions={
        <ButtonLink to="/c2c" size="sm" variant="secondary" data-testid="market-publish">
          {t('c2c.nav.publish')}
        </ButtonLink>
      }
    >
      <div className="flex flex-col gap-3 border-b border-line px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabBar<Side>
            value={side}
            onChange={setSide}
            label={t('c2c.market.sideLabel')}
            variant="solid"
            className="w-48"
            items={[
              { value: 'buy', label: t('c2c.market.buy'), tone: 'up', testId: 'market-tab-buy' },
              { value: 'sell', label: t('c2c.market.sell'), tone: 'down', testId: 'market-tab-sell' },
            ]}
          />
          <CoinPicker coins={currencies.data?.coins ?? []} value={coin?.id} onChange={setCoin} label={t('c2c.coin')} />
        </div>
        <BalanceStrip currencyId={coin?.id} />
      </div>
      <AdHeader />
      {ads.isError ? (
        <InlineError text={errorText(ads.error)} onRetry={() => void ads.refetch()} />
      ) : (
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          getKey={(ad) => ad.id}
          className="max-h-[min(40rem,65vh)]"
          testId="market-ads"
          label={t('page.fiatradCenter')}
          empty={<ListState busy={ads.isPending} text={t('c2c.market.empty')} />}
          renderRow={(ad) => <AdRow ad={ad} side={side} onTake={() => setTaking(ad)} />}
        />
      )}
      <MoreButton hasMore={ads.hasNextPage} busy={ads.isFetchingNextPage} onMore={() => void ads.fetchNextPage()} />
      {taking && <TakeDialog ad={taking} onClose={() => setTaking(null)} />}
    </C2cScreen>
  );
}

const GRID =
  'grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_auto_auto] items-center gap-2 px-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_minmax(0,1fr)_6rem_7rem] sm:gap-3 sm:px-6';

function AdHeader() {
  const { t } = useTranslation();
  return (
    <div className={`${GRID} border-b border-line py-2.5 text-[0.75rem] text-faint`} aria-hidden>
      <span>{t('c2c.ad.seller')}</span>
      <span>{t('c2c.ad.quantity')}</span>
      <span className="text-end">{t('c2c.ad.price')}</span>
      <span className="hidden sm:block">{t('c2c.ad.ways')}</span>
      <span className="text-end">{t('c2c.ad.action')}</span>
    </div>
  );
}

function AdRow({ ad, side, onTake }: { ad: C2cAd; side: Side; onTake(): void }) {
  const { t } = useTranslation();
  const ways = parseWays(ad.way);
  return (
    <div
      className={`${GRID} h-full border-b border-line/60 text-[0.8125rem]`}
      data-testid="market-ad"
      data-id={ad.id}
      data-price={ad.price}
      data-surplus={ad.surplus_number}
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-fg">{ad.seller_name}</p>
        <div className="mt-1 sm:hidden">
          <WayIcons ways={ways} />
        </div>
      </div>
      <div className="min-w-0">
        <Num className="text-fg">
          {ad.surplus_number} {ad.currency_name}
        </Num>
        <p className="truncate text-[0.75rem] text-faint">
          {t('c2c.ad.limitLine', { min: ad.min_number, max: Number(ad.max_number) > 0 ? ad.max_number : ad.surplus_number })}
        </p>
      </div>
      <div className="text-end">
        <Num className={side === 'buy' ? 'font-semibold text-up' : 'font-semibold text-down'}>{ad.price}</Num>
        <p className="text-[0.75rem] text-faint">CNY</p>
      </div>
      <div className="hidden sm:block">
        <WayIcons ways={ways} />
      </div>
      <div className="flex justify-end">
        {ad.is_mine === 1 ? (
          <span className="text-[0.75rem] text-faint" data-testid="ad-mine">
            {t('c2c.ad.mine')}
          </span>
        ) : (
          <Button
            size="sm"
            onClick={onTake}
            data-testid="ad-take"
            className={side === 'buy' ? 'bg-up text-white hover:bg-up/90' : 'bg-down text-white hover:bg-down/90'}
          >
            {t(side === 'buy' ? 'c2c.market.buyCoin' : 'c2c.market.sellCoin', { coin: ad.currency_name })}
          </Button>
        )}
      </div>
    </div>
  );
}
