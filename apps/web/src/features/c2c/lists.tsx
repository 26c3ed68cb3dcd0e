import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { AlertIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';

/** The 'more' control of a c2c list: loads the next page; gone when there is none. */
export function MoreButton({ hasMore, busy, onMore }: { hasMore: boolean; busy: boolean; onMore(): void }) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="flex justify-center border-t border-line/60 py-2">
      <Button variant="ghost" size="sm" busy={busy} onClick={onMore} data-testid="c2c-more">
        {t('c2c.more')}
      </Button>
    </div>
  );
}

/** An empty or loading list. */
export function ListState({ busy, text }: { busy: boolean; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-center gap-2 px-4 py-10 text-[0.8125rem] text-faint" data-testid="c2c-list-state">
      {busy ? (
        <>
          <Spinner size={16} />
          {t('common.loading')}
        </>
      ) : (
        text
      )}
    </div>
  );
}

/** A failed load, with a retry. */
export function InlineError({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center justify-center gap-3 px-4 py-6 text-[0.8125rem] text-down">
      <AlertIcon size={16} />
      {text}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
