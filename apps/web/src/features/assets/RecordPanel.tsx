import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WalletName } from '../../api';
import { TabBar, type TabItem } from '../../components/Tabs';
import { errorText } from '../auth';
import { SubscriptionsTab } from '../upstart';
import { InlineError, MoreButton } from './common';
import { flatPages, useDepositRecords, useWalletLog, useWithdrawalRecords } from './queries';
import { DepositList, LogList, WithdrawalList } from './RecordLists';

type RecordTab = 'log' | 'deposits' | 'withdrawals' | 'subscriptions';

interface RecordPanelProps {
  wallet: WalletName;
  currency: { id: number; name: string };
  /** The platform's own token (`systembi`): its panel has the subscription tab. */
  systembi: string;
  /** Tabs of the deposits and withdrawals of the currency (change and micro lists). */
  withDeposits?: boolean;
  withWithdrawals?: boolean;
  /** The detail page with every record (legalAccount, changeAccount). */
  detailPath?: string;
}

/**
 * The record panel of an asset row: the wallet's ledger of the currency paged by
 * 'more', the deposits and withdrawals where the row has those actions, and for the platform token
 * the subscription tab (its subscriptions, with unlock).
 */
export function RecordPanel({ wallet, currency, systembi, withDeposits = false, withWithdrawals = false, detailPath }: RecordPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecordTab>('log');
  const items: TabItem<RecordTab>[] = [{ value: 'log', label: t('assets.assetRecords'), testId: 'record-tab-log' }];
  if (withDeposits) items.push({ value: 'deposits', label: t('assets.deposits'), testId: 'record-tab-deposits' });
  if (withWithdrawals) items.push({ value: 'withdrawals', label: t('assets.withdrawals'), testId: 'record-tab-withdrawals' });
  if (systembi && currency.name === systembi) {
    items.push({ value: 'subscriptions', label: t('assets.subscriptionRecords'), testId: 'record-tab-subscriptions' });
  }
  return (
    <section aria-label={t('assets.recordsOf', { name: currency.name })} data-testid="record-panel" className="rounded-lg border border-line bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-3">
        {items.length > 1 ? (
          <TabBar<RecordTab> label={t('assets.records')} value={tab} onChange={setTab} items={items} />
        ) : (
          <h3 className="py-2 text-[0.8125rem] font-medium text-fg">{t('assets.assetRecords')}</h3>
        )}
        {detailPath && (
          <Link to={detailPath} className="py-2 text-[0.8125rem] font-medium text-brand hover:underline" data-testid="records-detail">
            {t('assets.allRecords')}
          </Link>
        )}
      </div>
      {tab === 'log' && <LogTab wallet={wallet} currency={currency.id} />}
      {tab === 'deposits' && <DepositsTab currency={currency.id} />}
      {tab === 'withdrawals' && <WithdrawalsTab currency={currency.id} />}
      {tab === 'subscriptions' && <SubscriptionsTab />}
    </section>
  );
}

function LogTab({ wallet, currency }: { wallet: WalletName; currency: number }) {
  const log = useWalletLog(wallet, currency);
  if (log.isError) return <InlineError text={errorText(log.error)} onRetry={() => void log.refetch()} />;
  return (
    <>
      <LogList rows={flatPages(log.data)} busy={log.isPending} />
      <MoreButton hasMore={log.hasNextPage} busy={log.isFetchingNextPage} onMore={() => void log.fetchNextPage()} />
    </>
  );
}

export function DepositsTab({ currency }: { currency: number }) {
  const deposits = useDepositRecords(currency);
  if (deposits.isError) return <InlineError text={errorText(deposits.error)} onRetry={() => void deposits.refetch()} />;
  return (
    <>
      <DepositList rows={flatPages(deposits.data)} busy={deposits.isPending} />
      <MoreButton hasMore={deposits.hasNextPage} busy={deposits.isFetchingNextPage} onMore={() => void deposits.fetchNextPage()} />
    </>
  );
}

export function WithdrawalsTab({ currency }: { currency: number }) {
  const withdrawals = useWithdrawalRecords(currency);
  if (withdrawals.isError) return <InlineError text={errorText(withdrawals.error)} onRetry={() => void withdrawals.refetch()} />;
  return (
    <>
      <WithdrawalList rows={flatPages(withdrawals.data)} busy={withdrawals.isPending} />
      <MoreButton hasMore={withdrawals.hasNextPage} busy={withdrawals.isFetchingNextPage} onMore={() => void withdrawals.fetchNextPage()} />
    </>
  );
}
