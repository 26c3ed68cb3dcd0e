import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { QuotationItem } from '../../api';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import { changeTone, cnyValue, usdValue } from '../../lib/trading/market';
import { Change } from './Change';
import { PairIcon } from './PairIcon';
import type { PairRef } from './selected-pair';

interface PairStatsProps {
  pair: PairRef;
  /** The pair's quotation with its live ticker, when the quotation reply has arrived. */
  item: QuotationItem | undefined;
  /** The newest last price known (book feed or quotation). */
  lastPrice: string;
  /**
   * The approximate value shown under the price: in CNY (the desks), or in US dollars (the
   * terminal), which needs `usdtCny`, CNY per USDT, for pairs not quoted in USDT.
   */
  approx?: { currency: 'cny' } | { currency: 'usd'; usdtCny: string | null };
  className?: string;
}

const toneClass = { up: 'text-up', down: 'text-down', flat: 'text-fg' } as const;

/** The pair header: name, last price, ≈ CNY (or US-dollar) value, 24 h change, high, low and volume. */
export function PairStats({ pair, item, lastPrice, approx = { currency: 'cny' }, className }: PairStatsProps) {
  const { t } = useTranslation();
  const pricePrecision = item?.price_precision ?? 4;
  const tone = changeTone(item?.change);
  const value = approx.currency === 'usd' ? usdValue(lastPrice, item, approx.usdtCny) : cnyValue(lastPrice, item);
  const symbol = approx.currency === 'usd' ? '$' : '¥';
  return (
    <section
      aria-label={t('market.pairStats')}
      data-testid="pair-stats"
      className={clsx('flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-surface px-4 py-2.5', className)}
    >
      <div className="flex items-center gap-2.5">
        <PairIcon logo={item?.logo ?? ''} name={pair.currency_name} size={26} />
        <div className="flex flex-col leading-tight">
          <h1 className="text-base font-semibold text-fg" data-testid="pair-title">
            {pair.currency_name}
            <span className="text-muted">/{pair.legal_name}</span>
          </h1>
        </div>
      </div>
      <div className="flex flex-col leading-tight">
        <span className={clsx('text-lg font-semibold', toneClass[tone])}>
          <Num testId="pair-last-price">{fixed(lastPrice, pricePrecision)}</Num>
        </span>
        <span className="text-[0.75rem] text-faint">
          ≈{' '}
          <Num testId={approx.currency === 'usd' ? 'pair-last-price-usd' : 'pair-last-price-cny'}>{value === null ? '--' : `${symbol}${value}`}</Num>
        </span>
      </div>
      <Stat label={t('market.change24')}>
        <Change value={item?.change} testId="pair-change" />
      </Stat>
      <Stat label={t('market.high24')}>
        <Num>{fixed(item?.high, pricePrecision)}</Num>
      </Stat>
      <Stat label={t('market.low24')}>
        <Num>{fixed(item?.low, pricePrecision)}</Num>
      </Stat>
      <Stat label={t('market.volume24', { unit: pair.currency_name })}>
        <Num>{fixed(item?.volume, 2)}</Num>
      </Stat>
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col leading-tight">
      <span className="text-[0.6875rem] text-faint">{label}</span>
      <span className="text-[0.8125rem] text-fg">{children}</span>
    </div>
  );
}
