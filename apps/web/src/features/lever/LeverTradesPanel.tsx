import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeverPairIds, LeverStatus, LeverTrade } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { fixed } from '../../lib/trading/decimal';
import { LEVER_MONEY_DECIMALS } from '../../lib/trading/lever';
import { withPushed } from '../../lib/trading/lever-live';
import { findPair } from '../../lib/trading/market';
import { useLiveQuotations } from '../market';
import { LeverTradesTable, type TradeActions } from './LeverTradesTable';
import { LoginPrompt, Pager } from './parts';
import { LEVER_PAGE, useLeverAction, useLeverLive, useLeverRisk, useMyLeverTrades } from './queries';
import { StopModal } from './StopModal';

type Tab = '1' | '0' | '3' | '4';
type Pending = { kind: 'close' | 'cancel'; trade: LeverTrade } | { kind: 'batch'; type: 0 | 1 | 2 } | null;

/**
 * My lever trades: held (1), pending (0), closed (3) and revoked (4) tabs, 10 a page with a pager
 * above 10; the held and pending tabs follow the `lever_trade` push. Held positions close one by
 * one or in batch and take a take-profit and stop-loss; pending orders are cancelled. Every action
 * asks for confirmation first.
 */
export function LeverTradesPanel({
  pair,
  signedIn,
  pricePrecision = 4,
  height = 440,
  className,
}: {
  /** Only this pair's trades; every pair when null. */
  pair: LeverPairIds | null;
  signedIn: boolean;
  pricePrecision?: number;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('1');
  const [page, setPage] = useState(1);
  const status = Number(tab) as LeverStatus;
  const list = useMyLeverTrades(status, page, pair, signedIn);
  const live = useLeverLive((state) => state.live);
  const { close, cancel, batchClose, setStop } = useLeverAction();
  const [pending, setPending] = useState<Pending>(null);
  const [stopping, setStopping] = useState<LeverTrade | null>(null);
  const { groups } = useLiveQuotations();
  // the risk figures until the first push arrives (pushes come when something changes)
  const risk = useLeverRisk(signedIn);
  const riskEntry = risk.data?.list.find((entry) => entry.legal_id === (pair?.legal_id ?? entry.legal_id));
  const hazardRate = live?.hazardRate || riskEntry?.hazard_rate || '';
  const profits = live ? live.profits : (riskEntry?.profits ?? '');

  const trades = useMemo(() => {
    const rows = list.data?.data ?? [];
    if (status === 1) return withPushed(rows, live?.held);
    if (status === 0) return withPushed(rows, live?.pending);
    return rows;
  }, [list.data, status, live]);

  const actions: TradeActions =
    status === 1
      ? { onClose: (trade) => setPending({ kind: 'close', trade }), onStop: setStopping }
      : status === 0
        ? { onCancel: (trade) => setPending({ kind: 'cancel', trade }) }
        : {};

  const busy = close.isPending || cancel.isPending || batchClose.isPending;
  const confirmPending = () => {
    if (!pending) return;
    const done = { onSettled: () => setPending(null) };
    if (pending.kind === 'batch') batchClose.mutate(pending.type, done);
    else if (pending.kind === 'close') close.mutate(pending.trade.id, done);
    else cancel.mutate(pending.trade.id, done);
  };

  return (
    <section aria-label={t('lever.tradesTitle')} data-testid="lever-trades-panel" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line px-4">
        <TabBar<Tab>
          label={t('lever.tradesTitle')}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setPage(1);
          }}
          size="md"
          items={[
            { value: '1', label: t('lever.tab.held'), testId: 'lever-tab-held' },
            { value: '0', label: t('lever.tab.pending'), testId: 'lever-tab-pending' },
            { value: '3', label: t('lever.tab.closed'), testId: 'lever-tab-closed' },
            { value: '4', label: t('lever.tab.revoked'), testId: 'lever-tab-revoked' },
          ]}
        />
        {signedIn && status === 1 && (
          <div className="flex flex-wrap items-center gap-3 py-1.5 text-[0.75rem]">
            <span className="text-faint">
              {t('lever.riskRate')}{' '}
              <Num className="text-fg" testId="lever-hazard-rate">
                {hazardRate ? `${fixed(hazardRate, 2)}%` : '--'}
              </Num>
            </span>
            <span className="text-faint">
              {t('lever.totalProfit')}{' '}
              <Num className={Number(profits) >= 0 ? 'text-up' : 'text-down'} testId="lever-profits">
                {fixed(profits, LEVER_MONEY_DECIMALS)}
              </Num>
            </span>
            {([0, 1, 2] as const).map((type) => (
              <button
                key={type}
                type="button"
                data-testid={`lever-batch-close-${type}`}
                disabled={trades.length === 0}
                onClick={() => setPending({ kind: 'batch', type })}
                className="rounded border border-line px-2 py-0.5 font-medium text-muted hover:border-line-strong hover:text-fg disabled:opacity-40"
              >
                {t(`lever.batchClose.${type}`)}
              </button>
            ))}
          </div>
        )}
      </div>

      {!signedIn ? (
        <div className="px-4 py-10">
          <LoginPrompt testId="lever-trades-login-prompt" className="mx-auto max-w-md" />
        </div>
      ) : (
        <>
          <LeverTradesTable
            trades={trades}
            showCloseTime={status === 3}
            pricePrecision={pricePrecision}
            actions={actions}
            emptyText={list.isPending ? t('common.loading') : t('lever.noTrades')}
            height={height}
          />
          <Pager page={page} total={list.data?.total ?? 0} pageSize={LEVER_PAGE} onPage={setPage} />
        </>
      )}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null);
        }}
        title={
          pending?.kind === 'close' ? t('lever.confirmClose') : pending?.kind === 'cancel' ? t('lever.confirmCancel') : t('lever.confirmBatch')
        }
        busy={busy}
        testId="lever-action-confirm"
        onConfirm={confirmPending}
      >
        <p className="text-sm text-muted">
          {pending?.kind === 'batch'
            ? t(`lever.batchBody.${pending.type}`)
            : pending
              ? t(pending.kind === 'close' ? 'lever.closeBody' : 'lever.cancelBody', {
                  symbol: pending.trade.symbol,
                  hands: String(pending.trade.share),
                  side: pending.trade.type === 1 ? t('lever.long') : t('lever.short'),
                })
              : ''}
        </p>
      </ConfirmDialog>

      {stopping && (
        <StopModal
          trade={trades.find((row) => row.id === stopping.id) ?? stopping}
          shareNum={findPair(groups, stopping.legal_id, stopping.currency_id)?.lever_share_num ?? '1'}
          spread={findPair(groups, stopping.legal_id, stopping.currency_id)?.spread ?? '0'}
          busy={setStop.isPending}
          onClose={() => setStopping(null)}
          onSave={(input) => setStop.mutate(input, { onSuccess: () => setStopping(null) })}
        />
      )}
    </section>
  );
}
