import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { C2cAd, C2cAdType } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { showToast } from '../../components/toast-store';
import { VirtualList } from '../../components/VirtualList';
import { displayServerTime } from '../../lib/format';
import { parseWays } from '../../lib/trading/c2c';
import { errorText } from '../auth';
import { C2cCard, C2cNav, CoinPicker, WayIcons } from './common';
import { InlineError, ListState, MoreButton } from './lists';
import { flatRows, useC2cCurrencies, useC2cLive, useMyAds, useWithdrawAd } from './queries';
import { useChosenCoin } from './useChosenCoin';

const ROW_HEIGHT = 96;

/**
 * `/c2cRelease`: the user's published ads, buy ads and sell ads side by side, each column with
 * its coin choice; every ad shows what is left and offers its orders and, while open, withdrawal.
 */
export function MyAdsPage() {
  useC2cLive();
  return (
    <div className="mx-auto flex w-full max-w-[72rem] flex-1 flex-col gap-3 px-3 py-4 sm:px-5 sm:py-6" data-testid="c2c-my-ads">
      <C2cNav />
      <div className="grid gap-3 lg:grid-cols-2">
        <AdColumn type="buy" />
        <AdColumn type="sell" />
      </div>
    </div>
  );
}

function AdColumn({ type }: { type: C2cAdType }) {
  const { t } = useTranslation();
  const currencies = useC2cCurrencies();
  const [coin] = useChosenCoin(currencies.data?.coins);
  const [coinOfColumn, setCoinOfColumn] = useState<number>();
  const coinId = coinOfColumn ?? coin?.id;
  const ads = useMyAds(type, coinId);
  const rows = flatRows(ads.data);
  const [withdrawing, setWithdrawing] = useState<C2cAd | null>(null);
  const withdraw = useWithdrawAd();

  return (
    <C2cCard
      title={t(type === 'buy' ? 'c2c.myAds.buyTitle' : 'c2c.myAds.sellTitle')}
      testId={`my-ads-${type}`}
      actions={
        <ButtonLink to="/c2c" size="sm" variant="secondary">
          {t('c2c.nav.publish')}
        </ButtonLink>
      }
    >
      <div className="border-b border-line px-4 py-3 sm:px-6">
        <CoinPicker
          coins={currencies.data?.coins ?? []}
          value={coinId}
          onChange={setCoinOfColumn}
          label={t('c2c.coin')}
        />
      </div>
      {ads.isError ? (
        <InlineError text={errorText(ads.error)} onRetry={() => void ads.refetch()} />
      ) : (
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          getKey={(ad) => ad.id}
          className="max-h-[min(36rem,60vh)]"
          testId={`my-ads-${type}-list`}
          label={t(type === 'buy' ? 'c2c.myAds.buyTitle' : 'c2c.myAds.sellTitle')}
          empty={<ListState busy={ads.isPending} text={t('c2c.myAds.empty')} />}
          renderRow={(ad) => <MyAdRow ad={ad} onWithdraw={() => setWithdrawing(ad)} />}
        />
      )}
      <MoreButton hasMore={ads.hasNextPage} busy={ads.isFetchingNextPage} onMore={() => void ads.fetchNextPage()} />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={t('c2c.myAds.withdrawTitle')}
        confirmLabel={t('c2c.myAds.withdraw')}
        tone="down"
        busy={withdraw.isPending}
        testId="withdraw-confirm"
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              showToast(t('c2c.myAds.withdrawn'), 'success');
              setWithdrawing(null);
            },
            onError: (error) => showToast(errorText(error), 'error'),
          });
        }}
      >
        <p className="text-[0.875rem] text-muted">{t('c2c.myAds.withdrawBody')}</p>
      </ConfirmDialog>
    </C2cCard>
  );
}

const statusTone = { open: 'bg-up/15 text-up', withdrawn: 'bg-raised text-muted', done: 'bg-brand-soft text-brand' } as const;

function MyAdRow({ ad, onWithdraw }: { ad: C2cAd; onWithdraw(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex h-full flex-col justify-center gap-1.5 border-b border-line/60 px-4 text-[0.8125rem] sm:px-6"
      data-testid="my-ad"
      data-id={ad.id}
      data-status={ad.status}
      data-surplus={ad.surplus_number}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span className={clsx('rounded px-2 py-0.5 text-[0.75rem] font-medium', statusTone[ad.status])}>{t(`c2c.adStatus.${ad.status}`)}</span>
          <Num className="font-semibold text-fg">
            {ad.price} CNY
          </Num>
          <WayIcons ways={parseWays(ad.way)} />
        </div>
        <div className="flex shrink-0 gap-2">
          <ButtonLink to={`/c2cTrade?id=${ad.id}`} size="sm" variant="secondary" data-testid="my-ad-orders">
            {t('c2c.myAds.orders')}
          </ButtonLink>
          {ad.status === 'open' && (
            <Button size="sm" variant="outline" onClick={onWithdraw} data-testid="my-ad-withdraw">
              {t('c2c.myAds.withdraw')}
            </Button>
          )}
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 text-[0.75rem] text-faint">
        <span>
          {t('c2c.myAds.left')}{' '}
          <Num className="text-fg">
            {ad.surplus_number} / {ad.total_number} {ad.currency_name}
          </Num>
        </span>
        <span>
          {t('c2c.ad.limits')}{' '}
          <Num className="text-fg">
            {ad.min_number} – {Number(ad.max_number) > 0 ? ad.max_number : '∞'}
          </Num>
        </span>
        <Num>{displayServerTime(ad.create_time)}</Num>
      </p>
    </div>
  );
}
