import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apitip, type NotificationItem } from '../../api';
import { Button } from '../../components/Button';
import { AlertIcon, MailIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { showToast } from '../../components/toast-store';
import { displayServerTime } from '../../lib/format';
import { newestFirst, noticeText } from '../../lib/notices';
import { errorText } from '../auth';
import { useMarketFeed } from '../market';
import { useMarkRead, useNotifications } from './notifications';

/** Where a notification leads: the screen of what it is about. */
function linkOf(kind: string): string | undefined {
  if (kind === 'deposit_credited' || kind.startsWith('withdrawal_')) return '/new_account/change';
  if (kind.startsWith('identity_')) return '/account/authentication';
  if (kind === 'position_liquidated') return '/leverTransactions';
  if (kind === 'c2c_order_changed') return '/c2cOrder';
  if (kind === 'acceptor_deal_opened') return '/account/coinRecord';
  if (kind.startsWith('acceptor_deal_')) return '/account/chargeRecord';
  if (kind === 'tokens_unlockable') return '/uplist';
  return undefined;
}

/**
 * `/account/accountMessage`: the caller's notifications, newest first (deposits credited,
 * withdrawals decided, identity reviews, liquidations, c2c and acceptor deals, unlockable
 * subscriptions). Unread ones are marked; opening one marks it read; all can be marked at once.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  // Held open so a notification push refreshes the list at once.
  useMarketFeed();
  const markRead = useMarkRead();
  const rows = newestFirst(list.data?.pages.flatMap((page) => page.list) ?? []);
  const unread = list.data?.pages[0]?.unread ?? 0;

  let body;
  if (list.isPending) body = <Loading label={t('common.loading')} className="py-12" />;
  else if (list.isError) {
    body = (
      <StatePanel
        tone="danger"
        icon={<AlertIcon size={26} />}
        title={errorText(list.error)}
        actions={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = <StatePanel testId="messages-empty" icon={<MailIcon size={26} />} title={t('messages.empty')} body={t('messages.emptyBody')} />;
  } else {
    body = (
      <>
        <ul className="divide-y divide-line/70" data-testid="message-list">
          {rows.map((item) => (
            <MessageRow key={item.id} item={item} onRead={() => markRead.mutate(item.id)} />
          ))}
        </ul>
        <div className="flex justify-center border-t border-line/60 py-2">
          {list.hasNextPage ? (
            <Button variant="ghost" size="sm" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="messages-more">
              {t('entrust.loadMore')}
            </Button>
          ) : (
            <span className="py-1.5 text-[0.75rem] text-faint">{t('entrust.noMore')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="rounded-xl border border-line bg-surface" data-testid="messages-page">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('page.accountMessage')}</h2>
          <p className="mt-0.5 text-[0.8125rem] text-muted" data-testid="messages-unread" data-count={unread}>
            {unread > 0 ? t('messages.unread', { count: unread }) : t('messages.allRead')}
          </p>
        </div>
        {unread > 0 && (
          <Button
            size="sm"
            variant="secondary"
            busy={markRead.isPending}
            data-testid="messages-read-all"
            onClick={() => markRead.mutate(undefined, { onError: (error) => showToast(errorText(error), 'error') })}
          >
            {t('messages.readAll')}
          </Button>
        )}
      </header>
      {body}
    </div>
  );
}

function MessageRow({ item, onRead }: { item: NotificationItem; onRead(): void }) {
  const { t } = useTranslation();
  const unread = item.is_read === 0;
  const link = linkOf(item.kind);
  return (
    <li className={clsx('flex gap-3 px-4 py-3.5 sm:px-6', unread && 'bg-brand-soft/40')} data-testid="message-row" data-id={item.id} data-kind={item.kind} data-read={item.is_read}>
      <span aria-hidden="true" className={clsx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand' : 'bg-transparent')} />
      <div className="min-w-0 flex-1">
        <p className={clsx('text-[0.875rem]', unread ? 'font-medium text-fg' : 'text-muted')}>{noticeText(item, apitip)}</p>
        <p className="mt-0.5 text-[0.75rem] text-faint">
          <Num>{displayServerTime(item.created_at)}</Num>
          {unread && <span className="sr-only"> · {t('messages.new')}</span>}
        </p>
      </div>
      <div className="flex shrink-0 items-start gap-2">
        {link && (
          <Link
            to={link}
            onClick={() => {
              if (unread) onRead();
            }}
            className="text-[0.8125rem] font-medium text-brand hover:underline"
          >
            {t('messages.view')}
          </Link>
        )}
        {unread && (
          <button type="button" onClick={onRead} className="text-[0.8125rem] text-muted hover:text-fg" data-testid="message-read">
            {t('messages.markRead')}
          </button>
        )}
      </div>
    </li>
  );
}
