import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { QuotationGroup, QuotationItem } from '../../api';
import { ChartIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { StatePanel } from '../../components/StatePanel';
import { TabBar } from '../../components/Tabs';
import { fixed } from '../../lib/trading/decimal';
import { TABLE_DECIMALS, changeTone } from '../../lib/trading/market';
import { Change, PairIcon, selectPair, Sparkline } from '../market';

/** Sparkline points in the table. */
const TABLE_SPARK_POINTS = 60;

interface MarketTableProps {
  groups: QuotationGroup[];
  isPending: boolean;
  isError: boolean;
}

const toneClass = { up: 'text-up', down: 'text-down', flat: 'text-fg' } as const;

/**
 * The live market table of the home page: one row per displayed pair (is_display = 1), updated
 * by the feed; a row opens the trading desk on its pair.
 */
export function MarketTable({ groups, isPending, isError }: MarketTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = groups.map((group) => ({ ...group, quotation: group.quotation.filter((item) => item.is_display === 1) })).filter((group) => group.quotation.length > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const group = shown.find((g) => g.name === chosen) ?? shown[0];

  const open = (item: QuotationItem) => {
    selectPair(item);
    void navigate('/dealCenter');
  };

  return (
    <section aria-labelledby="home-markets" data-testid="home-markets" className="overflow-hidden rounded-2xl border border-line bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 sm:px-6">
        <h2 id="home-markets" className="py-3.5 text-base font-semibold text-fg">
          {t('home.marketsTitle')}
        </h2>
        {shown.length > 1 && group && (
          <TabBar
            label={t('market.groups')}
            value={group.name}
            onChange={setChosen}
            items={shown.map((g) => ({ value: g.name, label: g.name, testId: `home-group-${g.name}` }))}
          />
        )}
      </div>
      {isError && !group ? (
        <StatePanel icon={<ChartIcon size={26} />} title={t('common.loadFailed')} as="h3" className="py-14" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[22rem] text-sm">
            <thead className="bg-raised text-[0.75rem] text-faint">
              <tr>
                <th className="px-4 py-2.5 text-start font-normal sm:ps-6">{t('home.colPair')}</th>
                <th className="px-3 py-2.5 text-end font-normal">{t('home.colPrice')}</th>
                <th className="px-3 py-2.5 text-end font-normal">{t('home.colChange')}</th>
                <th className="hidden px-3 py-2.5 text-end font-normal md:table-cell">{t('home.colHigh')}</th>
                <th className="hidden px-3 py-2.5 text-end font-normal md:table-cell">{t('home.colLow')}</th>
                <th className="hidden px-3 py-2.5 text-end font-normal lg:table-cell">{t('home.colVolume')}</th>
                <th className="hidden px-4 py-2.5 text-end font-normal sm:table-cell sm:pe-6">{t('home.colTrend')}</th>
              </tr>
            </thead>
            <tbody>
              {isPending &&
                Array.from({ length: 6 }, (_, i) => (
                  <tr key={i} className="border-t border-line" aria-hidden="true">
                    <td colSpan={7} className="px-6 py-3">
                      <div className="h-5 animate-pulse rounded bg-raised" />
                    </td>
                  </tr>
                ))}
              {group?.quotation.map((item) => <Row key={`${item.legal_id}-${item.currency_id}`} item={item} onOpen={open} />)}
            </tbody>
          </table>
          {!isPending && !group && <p className="px-6 py-10 text-center text-[0.8125rem] text-faint">{t('market.noPairs')}</p>}
        </div>
      )}
    </section>
  );
}

function Row({ item, onOpen }: { item: QuotationItem; onOpen(item: QuotationItem): void }) {
  const { t } = useTranslation();
  const tone = changeTone(item.change);
  return (
    <tr
      data-testid="home-market-row"
      data-symbol={item.symbol}
      onClick={() => onOpen(item)}
      className="cursor-pointer border-t border-line transition-colors hover:bg-raised/70"
    >
      <td className="px-4 py-3 sm:ps-6">
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(item);
          }}
          aria-label={t('market.tradePair', { pair: item.symbol })}
          className="flex items-center gap-2.5 rounded text-start"
        >
          <PairIcon logo={item.logo} name={item.currency_name} size={24} />
          <span>
            <span className="font-semibold text-fg">{item.currency_name}</span>
            <span className="text-faint">/{item.legal_name}</span>
          </span>
        </button>
      </td>
      <td className={clsx('px-3 py-3 text-end font-medium', toneClass[tone])}>
        <Num testId="home-market-price">{fixed(item.now_price, TABLE_DECIMALS.price)}</Num>
      </td>
      <td className="px-3 py-3 text-end">
        <Change value={item.change} badge />
      </td>
      <td className="hidden px-3 py-3 text-end text-fg md:table-cell">
        <Num>{fixed(item.high, TABLE_DECIMALS.highLow)}</Num>
      </td>
      <td className="hidden px-3 py-3 text-end text-fg md:table-cell">
        <Num>{fixed(item.low, TABLE_DECIMALS.highLow)}</Num>
      </td>
      <td className="hidden px-3 py-3 text-end text-muted lg:table-cell">
        <Num>{fixed(item.volume, TABLE_DECIMALS.volume)}</Num>
      </td>
      <td className="hidden px-4 py-2 sm:table-cell sm:pe-6">
        <div className="flex justify-end">
          <Sparkline symbol={item.symbol} points={TABLE_SPARK_POINTS} tone={tone} width={112} height={32} />
        </div>
      </td>
    </tr>
  );
}
