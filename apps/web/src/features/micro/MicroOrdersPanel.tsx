import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MicroOrder } from '../../api';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { VirtualList } from '../../components/VirtualList';
import { fixed } from '../../lib/trading/decimal';
import { COUNTDOWN_TICK_MS, runningResult, secondsLeft } from '../../lib/trading/micro';
import { useClosedContracts, useMicroList, useNow } from './queries';

type Tab = 'running' | 'closed';
const STATUS: Record<Tab, 1 | 3> = { running: 1, closed: 3 };

const ROW_HEIGHT = 44;
const AMOUNT_DECIMALS = 4;
const cell = 'truncate px-2';
const columns = 'grid grid-cols-[1.2fr_0.7fr_0.8fr_1fr_1fr_1fr_1fr] items-center';

interface MicroOrdersPanelProps {
  matchId: number | undefined;
  /** the pair's latest price, for the running result */
  currentPrice: string;
  pricePrecision: number;
  signedIn: boolean;
  className?: string;
}

/**
 * The caller's contracts: running ones on this pair, with a countdown ticking every 200 ms and
 * the result they would have at the current price; closed ones with their end price and result.
 * Switching tab goes back to page 1. A settled contract's push replaces its running row, which
 * leaves the list half a second later.
 */
export function MicroOrdersPanel({ matchId, currentPrice, pricePrecision, signedIn, className }: MicroOrdersPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  const status = STATUS[tab];
  const [page, setPage] = useState(1);
  const list = useMicroList(status, page, matchId, signedIn);
  const { replaced, removed } = useClosedContracts();
  const now = useNow(COUNTDOWN_TICK_MS);
  const fetchedAt = list.dataUpdatedAt;
  const rows = (list.data?.data ?? []).map((row) => (status === 1 ? (replaced.get(row.id) ?? row) : row)).filter((row) => status === 3 || !removed.has(row.id));
  const pages = list.data?.pages ?? 0;

  return (
    <section aria-label={t('micro.title')} data-testid="micro-orders" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <div className="border-b border-line px-4">
        <TabBar<Tab>
          label={t('micro.title')}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setPage(1);
          }}
          size="md"
          items={[
            { value: 'running', label: t('micro.running'), testId: 'micro-tab-running' },
            { value: 'closed', label: t('micro.closed'), testId: 'micro-tab-closed' },
          ]}
        />
      </div>
      {!signedIn ? (
        <p className="px-4 py-10 text-center text-[0.8125rem] text-muted">{t('micro.loginPrompt')}</p>
      ) : (
        <div className="overflow-x-auto">
          <div className="min-w-[44rem]">
            <div className={clsx(columns, 'h-8 text-[0.6875rem] text-faint')}>
              <span className={cell}>{t('micro.symbol')}</span>
              <span className={cell}>{t('micro.direction')}</span>
              <span className={clsx(cell, 'text-end')}>{t('micro.stake')}</span>
              <span className={clsx(cell, 'text-end')}>{t('micro.openPrice')}</span>
              <span className={clsx(cell, 'text-end')}>{status === 1 ? t('micro.currentPrice') : t('micro.endPrice')}</span>
              <span className={clsx(cell, 'text-end')}>{status === 1 ? t('micro.timeLeft') : t('micro.duration')}</span>
              <span className={clsx(cell, 'text-end')}>{t('micro.result')}</span>
            </div>
            <VirtualList
              items={rows}
              rowHeight={ROW_HEIGHT}
              getKey={(row) => row.id}
              testId={status === 1 ? 'micro-running-list' : 'micro-closed-list'}
              label={status === 1 ? t('micro.running') : t('micro.closed')}
              className="h-[22rem] text-[0.75rem]"
              empty={
                <p className="px-4 py-10 text-center text-[0.8125rem] text-faint">{list.isPending ? t('common.loading') : status === 1 ? t('micro.noRunning') : t('micro.noClosed')}</p>
              }
              renderRow={(row) => <ContractRow row={row} now={now} fetchedAt={fetchedAt} currentPrice={currentPrice} pricePrecision={pricePrecision} />}
            />
          </div>
          {pages > 1 && (
            <nav className="flex items-center justify-center gap-3 border-t border-line/60 py-2 text-[0.75rem]" aria-label={t('micro.page', { page, pages })}>
              <button type="button" data-testid="micro-previous" disabled={page <= 1} onClick={() => setPage(page - 1)} className="rounded px-2 py-1 text-brand disabled:text-faint">
                {t('micro.previous')}
              </button>
              <Num>{t('micro.page', { page, pages })}</Num>
              <button type="button" data-testid="micro-next" disabled={page >= pages} onClick={() => setPage(page + 1)} className="rounded px-2 py-1 text-brand disabled:text-faint">
                {t('micro.next')}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}

function ContractRow({ row, now, fetchedAt, currentPrice, pricePrecision }: { row: MicroOrder; now: number; fetchedAt: number; currentPrice: string; pricePrecision: number }) {
  const { t } = useTranslation();
  const running = row.status === 1;
  const result = running ? runningResult(row, currentPrice, AMOUNT_DECIMALS) : null;
  const amount = running ? (result?.amount ?? '--') : fixed(row.fact_profits, AMOUNT_DECIMALS);
  const tone = running ? result?.state : Number(row.fact_profits) > 0 ? 'win' : Number(row.fact_profits) < 0 ? 'loss' : 'tie';
  return (
    <div
      role="listitem"
      data-testid="micro-row"
      data-id={row.id}
      data-status={row.status}
      data-type={row.type}
      data-result={row.status === 3 ? row.fact_profits : ''}
      className={clsx(columns, 'h-full border-t border-line/60 hover:bg-raised/50')}
    >
      <span className={cell} dir="ltr">
        {row.symbol_name}
      </span>
      <span className={clsx(cell, row.type === 1 ? 'text-up' : 'text-down')}>{row.type === 1 ? t('micro.up') : t('micro.down')}</span>
      <span className={clsx(cell, 'text-end')}>
        <Num>{fixed(row.number, AMOUNT_DECIMALS)}</Num>
      </span>
      <span className={clsx(cell, 'text-end')}>
        <Num>{fixed(row.open_price, pricePrecision)}</Num>
      </span>
      <span className={clsx(cell, 'text-end')}>
        <Num>{running ? fixed(currentPrice, pricePrecision) : fixed(row.end_price, pricePrecision)}</Num>
      </span>
      <span className={clsx(cell, 'text-end')} data-testid={running ? 'micro-countdown' : undefined}>
        <Num>{t('micro.secondsLeft', { count: running ? secondsLeft(fetchedAt + row.remain_milli_seconds, now, row.seconds) : row.seconds })}</Num>
      </span>
      <span className={clsx(cell, 'text-end', tone === 'win' ? 'text-up' : tone === 'loss' ? 'text-down' : 'text-muted')} data-testid="micro-result">
        <Num>{amount}</Num>
      </span>
    </div>
  );
}
