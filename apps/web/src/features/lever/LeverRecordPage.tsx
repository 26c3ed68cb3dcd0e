import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { walletApi, type Paged, type TransferHistoryItem, type WalletLogItem } from '../../api';
import { Num } from '../../components/Num';
import { VirtualList } from '../../components/VirtualList';
import { useSession } from '../auth';
import { LeverPageFrame } from './LeverPageFrame';
import { TimeText } from './parts';

/** Rows read per page of the records. */
const RECORDS_PAGE = 20;
const ROW_HEIGHT = 40;
const cell = 'truncate px-3 text-[0.8125rem]';

const nextPage = (last: Paged<unknown>, all: Paged<unknown>[]) => (last.list.length === 0 || last.page >= last.pages ? undefined : all.length + 1);

/**
 * /leverRecord (`id`: a currency id, optional): the lever wallet's records of that currency (every
 * change of its balance: transfers, margin, fees, profits) and the transfers into and out of the
 * lever wallet (type, number, time).
 */
export function LeverRecordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const currency = Number.isInteger(id) && id > 0 ? id : undefined;
  const token = useSession((state) => state.token);

  const records = useInfiniteQuery({
    queryKey: ['wallet', 'lever-record', currency, token],
    queryFn: ({ pageParam, signal }) => walletApi.log({ wallet: 'lever', currency, page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
  const transfers = useInfiniteQuery({
    queryKey: ['wallet', 'lever-transfers', token],
    queryFn: ({ pageParam, signal }) => walletApi.transferHistory({ page: pageParam, limit: RECORDS_PAGE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
  const recordRows = useMemo<WalletLogItem[]>(() => records.data?.pages.flatMap((page) => page.list) ?? [], [records.data]);
  const transferRows = useMemo<TransferHistoryItem[]>(
    () => (transfers.data?.pages.flatMap((page) => page.list) ?? []).filter((row) => row.from_field === 'lever' || row.to_field === 'lever'),
    [transfers.data],
  );

  return (
    <LeverPageFrame title={t('page.leverRecord')} testId="lever-record-page">
      <div className="grid gap-4 lg:grid-cols-2">
        <RecordSection
          title={t('lever.record.title')}
          testId="lever-records"
          headings={[t('orders.time'), t('lever.record.what'), t('lever.record.change')]}
          rows={recordRows}
          getKey={(row) => row.id}
          busy={records.isPending}
          more={{ has: records.hasNextPage, busy: records.isFetchingNextPage, load: () => void records.fetchNextPage() }}
          render={(row) => (
            <>
              <span className={clsx(cell, 'text-muted')}>
                <TimeText value={row.created_time} />
              </span>
              <span className={cell} title={row.info}>
                {row.info} <span className="text-faint">{row.currency_name}</span>
              </span>
              <span className={clsx(cell, 'text-end', row.value.startsWith('-') ? 'text-down' : 'text-up')}>
                <Num>{row.value}</Num>
              </span>
            </>
          )}
        />
        <RecordSection
          title={t('lever.record.transfers')}
          testId="lever-transfers"
          headings={[t('orders.time'), t('lever.record.type'), t('lever.record.number')]}
          rows={transferRows}
          getKey={(row) => `${row.add_time}-${row.type}-${row.number}-${row.currency_name}`}
          busy={transfers.isPending}
          more={{ has: transfers.hasNextPage, busy: transfers.isFetchingNextPage, load: () => void transfers.fetchNextPage() }}
          render={(row) => (
            <>
              <span className={clsx(cell, 'text-muted')}>
                <TimeText value={row.add_time} />
              </span>
              <span className={cell}>
                {t(row.to_field === 'lever' ? 'lever.record.in' : 'lever.record.out', {
                  from: t(`assets.wallet.${walletName(row.from_field)}`),
                  to: t(`assets.wallet.${walletName(row.to_field)}`),
                })}
              </span>
              <span className={clsx(cell, 'text-end')}>
                <Num>{row.number}</Num> <span className="text-faint">{row.currency_name}</span>
              </span>
            </>
          )}
        />
      </div>
    </LeverPageFrame>
  );
}

function walletName(field: string): 'legal' | 'change' | 'lever' | 'micro' {
  return field === 'legal' || field === 'change' || field === 'micro' ? field : 'lever';
}

function RecordSection<T>({
  title,
  testId,
  headings,
  rows,
  getKey,
  busy,
  more,
  render,
}: {
  title: string;
  testId: string;
  headings: string[];
  rows: readonly T[];
  getKey(row: T): string | number;
  busy: boolean;
  more: { has: boolean; busy: boolean; load(): void };
  render(row: T): ReactNode;
}) {
  const { t } = useTranslation();
  const template = '10rem minmax(8rem,1fr) 9rem';
  return (
    <section className="rounded-lg border border-line bg-surface" data-testid={testId}>
      <h2 className="border-b border-line px-4 py-2.5 text-sm font-semibold text-fg">{title}</h2>
      <div className="grid border-b border-line/60 py-2 text-[0.6875rem] text-faint" style={{ gridTemplateColumns: template }}>
        {headings.map((label, index) => (
          <span key={label} className={clsx('px-3', index === 2 && 'text-end')}>
            {label}
          </span>
        ))}
      </div>
      <div style={{ height: rows.length === 0 ? undefined : Math.min(520, rows.length * ROW_HEIGHT) }}>
        <VirtualList
          items={rows}
          rowHeight={ROW_HEIGHT}
          getKey={getKey}
          className="h-full"
          label={title}
          empty={<p className="px-4 py-10 text-center text-[0.8125rem] text-faint">{busy ? t('common.loading') : t('lever.record.none')}</p>}
          renderRow={(row) => (
            <div data-testid={`${testId}-row`} className="grid h-full items-center border-b border-line/40" style={{ gridTemplateColumns: template }}>
              {render(row)}
            </div>
          )}
        />
      </div>
      {more.has && (
        <div className="border-t border-line/60 py-2 text-center">
          <button type="button" disabled={more.busy} onClick={more.load} className="rounded px-3 py-1 text-[0.75rem] font-medium text-brand hover:bg-brand-soft">
            {more.busy ? t('common.loading') : t('orders.more')}
          </button>
        </div>
      )}
    </section>
  );
}
