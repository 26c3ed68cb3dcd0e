import { useTranslation } from 'react-i18next';
import { ChartIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';

/** Where the live market table will be: its columns and a clear "coming soon" state, no numbers. */
export function MarketsSoon() {
  const { t } = useTranslation();
  const columns = [t('home.colPair'), t('home.colPrice'), t('home.colChange'), t('home.colHigh'), t('home.colLow'), t('home.colVolume')];
  return (
    <section aria-labelledby="home-markets" className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="flex items-center justify-between border-b border-line px-4 py-3.5 sm:px-6">
        <h2 id="home-markets" className="text-base font-semibold text-fg">
          {t('home.marketsTitle')}
        </h2>
      </div>
      <div
        aria-hidden="true"
        className="hidden grid-cols-[1.4fr_repeat(5,1fr)] gap-4 border-b border-line bg-raised px-6 py-2.5 text-xs text-faint md:grid"
      >
        {columns.map((column, i) => (
          <span key={column} className={i === 0 ? 'text-start' : 'text-end'}>
            {column}
          </span>
        ))}
      </div>
      <StatePanel
        testId="markets-soon"
        tone="brand"
        icon={<ChartIcon size={26} />}
        title={t('home.marketsSoonTitle')}
        body={t('home.marketsSoonBody')}
        as="h3"
        className="py-14"
      />
    </section>
  );
}
