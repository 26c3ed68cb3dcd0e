import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import { useIndexPrice } from './queries';

interface IndexMarkStripProps {
  pair: { legal_id: number; currency_id: number };
  pricePrecision: number;
  /** the mark too (the lever desk: positions open, close and trigger at it); second contracts use the index alone */
  showMark: boolean;
  className?: string;
}

/**
 * The prices products settle at, beside the chart of the pair's own trades: the index (from
 * outside exchanges) and, for leverage, the mark; a stale index says that new positions and
 * contracts wait for it.
 */
export function IndexMarkStrip({ pair, pricePrecision, showMark, className }: IndexMarkStripProps) {
  const { t } = useTranslation();
  const { data } = useIndexPrice(pair);
  const stale = data?.stale === 1;
  return (
    <div className={clsx('flex flex-wrap items-center gap-x-6 gap-y-1 px-1 text-[0.75rem]', className)} data-testid="index-mark" data-index={data?.index_price ?? ''} data-mark={data?.mark_price ?? ''} data-stale={stale ? '1' : '0'}>
      <span className="text-muted" title={t('market.indexHint')}>
        {t('market.indexPrice')} <Num testId="index-price">{data?.index_price ? fixed(data.index_price, pricePrecision) : '--'}</Num>
      </span>
      {showMark ? (
        <span className="text-muted" title={t('market.markHint')}>
          {t('market.markPrice')} <Num testId="mark-price">{data?.mark_price ? fixed(data.mark_price, pricePrecision) : '--'}</Num>
        </span>
      ) : null}
      {stale ? (
        <span className="font-medium text-down" data-testid="index-stale">
          {t('market.indexStale')}
        </span>
      ) : null}
    </div>
  );
}
