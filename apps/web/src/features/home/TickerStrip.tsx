import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { QuotationItem } from '../../api';
import { Num } from '../../components/Num';
import { fixed } from '../../lib/trading/decimal';
import { changeTone, formatChange } from '../../lib/trading/market';
import { selectPair, Sparkline } from '../market';

/** Sparkline points in the ticker. */
const TICKER_SPARK_POINTS = 50;
/** Seconds each entry takes to cross the strip. */
const SECONDS_PER_ENTRY = 4;

const toneClass = { up: 'text-up', down: 'text-down', flat: 'text-muted' } as const;

/**
 * The scrolling ticker of the home page: pair, price, change and a 50-point sparkline for each
 * displayed pair, refreshed every 5 seconds. It pauses under the pointer and stands still for
 * visitors who ask for reduced motion.
 */
export function TickerStrip({ items }: { items: QuotationItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section aria-label={t('home.ticker')} data-testid="ticker-strip" className="ticker overflow-hidden rounded-lg border border-line bg-surface/80">
      <div className="ticker-track flex w-max" style={{ animationDuration: `${Math.max(20, items.length * SECONDS_PER_ENTRY)}s` }}>
        {/* The entries twice: the strip loops without a gap. The copy is hidden from assistive technology. */}
        <TickerEntries items={items} />
        <TickerEntries items={items} copy />
      </div>
    </section>
  );
}

function TickerEntries({ items, copy = false }: { items: QuotationItem[]; copy?: boolean }) {
  const navigate = useNavigate();
  return (
    <ul className="flex shrink-0" aria-hidden={copy || undefined}>
      {items.map((item) => {
        const tone = changeTone(item.change);
        return (
          <li key={`${item.legal_id}-${item.currency_id}`} className="border-e border-line">
            <button
              type="button"
              tabIndex={copy ? -1 : undefined}
              data-testid={copy ? undefined : 'ticker-entry'}
              data-symbol={item.symbol}
              onClick={() => {
                selectPair(item);
                void navigate('/dealCenter');
              }}
              className="flex items-center gap-3 px-4 py-2 text-start transition-colors hover:bg-raised"
            >
              <span className="flex flex-col leading-tight">
                <span className="text-[0.75rem] font-medium text-muted">
                  {item.currency_name}/{item.legal_name}
                </span>
                <span className="flex items-baseline gap-2">
                  <Num className={clsx('text-sm font-semibold', tone === 'flat' ? 'text-fg' : toneClass[tone])}>{fixed(item.now_price, 4)}</Num>
                  <Num className={clsx('text-[0.75rem]', toneClass[tone])}>{formatChange(item.change)}</Num>
                </span>
              </span>
              <Sparkline symbol={item.symbol} points={TICKER_SPARK_POINTS} tone={tone} width={72} height={26} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
