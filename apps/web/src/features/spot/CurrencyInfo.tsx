import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { PairIcon, useCurrencyDetail } from '../market';

/** The base currency's name and description (`currency/detail`; the description is operator HTML). */
export function CurrencyInfo({ currencyId, className }: { currencyId: number; className?: string }) {
  const { t } = useTranslation();
  const detail = useCurrencyDetail(currencyId);
  return (
    <section aria-label={t('currency.title')} data-testid="currency-info" className={clsx('flex min-h-0 flex-col rounded-lg border border-line bg-surface', className)}>
      <header className="flex h-10 shrink-0 items-center border-b border-line px-3">
        <h2 className="text-[0.8125rem] font-semibold text-fg">{t('currency.title')}</h2>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {detail.data ? (
          <>
            <div className="mb-2 flex items-center gap-2">
              <PairIcon logo={detail.data.logo} name={detail.data.name} size={22} />
              <span className="text-sm font-semibold text-fg" data-testid="currency-name">
                {detail.data.name}
              </span>
              {detail.data.full_name && <span className="truncate text-[0.75rem] text-muted">{detail.data.full_name}</span>}
            </div>
            {detail.data.desc ? (
              <div
                className="prose-article text-[0.8125rem]! leading-relaxed! text-muted"
                // Written by operators in the back office (trusted), like the articles.
                dangerouslySetInnerHTML={{ __html: detail.data.desc }}
              />
            ) : (
              <p className="text-[0.8125rem] text-faint">{t('currency.noDescription')}</p>
            )}
          </>
        ) : (
          <p className="py-6 text-center text-[0.8125rem] text-faint">{detail.isError ? t('common.loadFailed') : t('common.loading')}</p>
        )}
      </div>
    </section>
  );
}
