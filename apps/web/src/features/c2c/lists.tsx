import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

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

/** An empty or loading list, and a failed load with a retry: the shared panel states. */
export { ListState, InlineError } from '../../components/Panel';
