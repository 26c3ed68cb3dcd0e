import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { RecentTrade } from '../../api';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import { dealClock } from '../../lib/trading/trades';

interface RecentDealsProps {
  deals: readonly RecentTrade[];
  isPending: boolean;
  legalName: string;
  currencyName: string;
  pricePrecision: number;
  quantityPrecision: number;
  className?: string;
}

/** The newest trades of the pair (at most 20), live from `market_detail`. */
export function RecentDeals({ deals, isPending, legalName, currencyName, pricePrecision, quantityPrecision, className }: RecentDealsProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('deals.title')}
      data-testid="recent-deals"
      className={clsx('flex min-h-0 flex-col overflow-hidden rounded-lg border border-line bg-surface', className)}
    >
      <header className="flex h-10 shrink-0 items-center border-b border-line px-3">
        <h2 className="text-[0.8125rem] font-semibold text-fg">{t('deals.title')}</h2>
      </header>
      <div className="grid grid-cols-3 gap-2 px-3 py-1.5 text-[0.6875rem] text-faint">
        <span>{t('deals.time')}</span>
        <span className="text-end">{t('book.price', { unit: legalName })}</span>
        <span className="text-end">{t('book.amount', { unit: currencyName })}</span>
      </div>
      <ol className="min-h-0 flex-1 overflow-y-auto">
        {deals.length === 0 && (
          <li className="px-3 py-8 text-center text-[0.75rem] text-faint">{isPending ? t('common.loading') : t('deals.none')}</li>
        )}
        {deals.map((deal) => (
          <li
            key={deal.id}
            data-testid="deal-row"
            data-id={deal.id}
            data-price={deal.price}
            data-number={deal.number}
            className="grid h-5 grid-cols-3 items-center gap-2 px-3 text-[0.75rem]"
          >
            <span className="text-muted">
              <Num>{dealClock(deal.time_ms)}</Num>
            </span>
            <span className={clsx('text-end', deal.way === 'sell' ? 'text-down' : 'text-up')}>
              <Num>{fixed(deal.price, pricePrecision)}</Num>
            </span>
            <span className="text-end text-fg">
              <Num>{fixed(deal.number, quantityPrecision)}</Num>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
