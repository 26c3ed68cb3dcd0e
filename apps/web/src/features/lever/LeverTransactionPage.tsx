import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeverTrade } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { VirtualList } from '../../components/VirtualList';
import { fixed } from '../../lib/trading/decimal';
import { LEVER_MONEY_DECIMALS } from '../../lib/trading/lever';
import { withPushed } from '../../lib/trading/lever-live';
import { findPair } from '../../lib/trading/market';
import { useSession } from '../auth';
import { LeverPageFrame, PairSelect, useLeverPair } from './LeverPageFrame';
import { DirectionLabel, LoginPrompt, Pager, TimeText } from './parts';
import { LEVER_PAGE, useLeverAction, useLeverFeed, useLeverLive, usePairPositions } from './queries';

const ROW_HEIGHT = 44;
const cell = 'truncate px-3 text-[0.8125rem]';
const TEMPLATE = '10rem 7rem 5rem 8rem 6rem 8rem 6rem';

/** /leverTransaction: the held positions of the selected pair: time, price, volume and a close action, live. */
export function LeverTransactionPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const signedIn = useSession((state) => state.token !== null);
  const { pair, groups } = useLeverPair();
  const [page, setPage] = useState(1);
  const list = usePairPositions(pair, page);
  const live = useLeverLive((state) => state.live);
  const { close } = useLeverAction();
  const [closing, setClosing] = useState<LeverTrade | null>(null);
  const item = pair ? findPair(groups, pair.legal_id, pair.currency_id) : undefined;
  const precision = item?.price_precision ?? 4;
  const positions = useMemo(() => withPushed(list.data?.data ?? [], live?.held), [list.data, live]);
  const headings = [t('orders.time'), t('trade.pair'), t('lever.type'), t('trade.price'), t('lever.volume'), t('lever.profit'), t('orders.action')];

  return (
    <LeverPageFrame title={t('page.leverTransaction')} testId="lever-positions-page" actions={<PairSelect pair={pair} groups={groups} />}>
      <section className="rounded-lg border border-line bg-surface">
        {!signedIn ? (
          <div className="px-4 py-10">
            <LoginPrompt testId="lever-positions-login-prompt" className="mx-auto max-w-md" />
          </div>
        ) : (
          <div className="overflow-x-auto">
            <div className="min-w-max">
              <div className="grid border-b border-line/60 py-2 text-[0.6875rem] text-faint" style={{ gridTemplateColumns: TEMPLATE }}>
                {headings.map((label, index) => (
                  <span key={label} className={clsx('truncate px-3', index >= 3 && 'text-end')}>
                    {label}
                  </span>
                ))}
              </div>
              <div style={{ height: positions.length === 0 ? undefined : Math.min(600, positions.length * ROW_HEIGHT) }}>
                <VirtualList
                  items={positions}
                  rowHeight={ROW_HEIGHT}
                  getKey={(trade) => trade.id}
                  className="h-full"
                  label={t('page.leverTransaction')}
                  empty={<p className="px-4 py-10 text-center text-[0.8125rem] text-faint">{list.isPending ? t('common.loading') : t('lever.noPositions')}</p>}
                  renderRow={(trade) => (
                    <div
                      data-testid="lever-position-row"
                      data-id={trade.id}
                      className="grid h-full items-center border-b border-line/40 hover:bg-raised/50"
                      style={{ gridTemplateColumns: TEMPLATE }}
                    >
                      <span className={clsx(cell, 'text-muted')}>
                        <TimeText value={trade.transaction_time} />
                      </span>
                      <span className={cell}>{trade.symbol}</span>
                      <span className={cell}>
                        <DirectionLabel type={trade.type} />
                      </span>
                      <span className={clsx(cell, 'text-end')}>
                        <Num>{fixed(trade.price, precision)}</Num>
                      </span>
                      <span className={clsx(cell, 'text-end')}>
                        <Num>{String(trade.share)}</Num>
                      </span>
                      <span className={clsx(cell, 'text-end', Number(trade.profits) >= 0 ? 'text-up' : 'text-down')}>
                        <Num>{fixed(trade.profits, LEVER_MONEY_DECIMALS)}</Num>
                      </span>
                      <span className={clsx(cell, 'text-end')}>
                        <button
                          type="button"
                          data-testid="lever-position-close"
                          onClick={() => setClosing(trade)}
                          className="rounded px-2 py-0.5 font-medium text-brand hover:bg-brand-soft"
                        >
                          {t('lever.close')}
                        </button>
                      </span>
                    </div>
                  )}
                />
              </div>
            </div>
            <Pager page={page} total={list.data?.total ?? 0} pageSize={LEVER_PAGE} onPage={setPage} />
          </div>
        )}
      </section>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => {
          if (!open && !close.isPending) setClosing(null);
        }}
        title={t('lever.confirmClose')}
        busy={close.isPending}
        testId="lever-position-close-confirm"
        onConfirm={() => {
          if (closing) close.mutate(closing.id, { onSettled: () => setClosing(null) });
        }}
      >
        <p className="text-sm text-muted">
          {closing && t('lever.closeBody', { symbol: closing.symbol, hands: String(closing.share), side: closing.type === 1 ? t('lever.long') : t('lever.short') })}
        </p>
      </ConfirmDialog>
    </LeverPageFrame>
  );
}
