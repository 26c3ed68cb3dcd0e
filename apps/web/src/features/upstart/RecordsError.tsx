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
