import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** A list that failed to load: the reason and a retry. */
export function RecordsError({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-8 text-[0.8125rem] text-down">
      {text}
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The 'load more' control under a list, or 'no more' once every page is loaded. */
export function MoreControl({ shown, hasMore, busy, onMore }: { shown: boolean; hasMore: boolean; busy: boolean; onMore(): void }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <div className="flex justify-center border-t border-line/60 py-2">
      {hasMore ? (
        <Button variant="ghost" size="sm" busy={busy} onClick={onMore} data-testid="subscriptions-more">
          {t('entrust.loadMore')}
        </Button>
      ) : (
        <span className="py-1.5 text-[0.75rem] text-faint">{t('entrust.noMore')}</span>
      )}
    </div>
  );
}
