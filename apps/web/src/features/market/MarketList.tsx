import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotationGroup, QuotationItem } from '../../api';
import { SearchIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { VirtualList } from '../../components/VirtualList';
import { fixed } from '../../lib/trading/decimal';
import { changeTone, formatChange, matchesSearch } from '../../lib/trading/market';
import { selectPair, type PairRef } from './selected-pair';

const ROW_HEIGHT = 32;

interface MarketListProps {
  groups: QuotationGroup[];
  selected: PairRef | null;
  isPending: boolean;
  /** CSS height of the whole list (520 px on the desk). */
  height: number | string;
  /** The narrow column of the terminal (230 px): base names only, smaller type. */
  compact?: boolean;
  className?: string;
}

const toneClass = { up: 'text-up', down: 'text-down', flat: 'text-muted' } as const;

/** The pairs of one quote currency at a time (group tabs), with a search; click to trade a pair. */
export function MarketList({ groups, selected, isPending, height, compact = false, className }: MarketListProps) {
  const columns = compact ? COMPACT_COLUMNS : COLUMNS;
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosenGroup, setGroup] = useState<string | null>(null);
  const groupName = chosenGroup ?? groups.find((g) => g.id === selected?.legal_id)?.name ?? groups[0]?.name ?? '';
  const group = groups.find((g) => g.name === groupName) ?? groups[0];

  const rows = useMemo(() => {
    // A search looks through every group; otherwise the chosen group.
    const source = search.trim() ? groups.flatMap((g) => g.quotation) : (group?.quotation ?? []);
    return source.filter((item) => matchesSearch(item, search));
  }, [groups, group, search]);

  return (
    <section
      aria-label={t('market.listTitle')}
      data-testid="market-list"
      style={{ height }}
      className={clsx('flex min-h-0 flex-col overflow-hidden rounded-lg border border-line bg-surface', className)}
    >
      <div className="flex flex-col gap-2 border-b border-line px-3 pt-3 pb-1">
        <label className="flex h-8 items-center gap-2 rounded-md border border-line bg-sunken px-2.5 focus-within:border-brand">
          <SearchIcon size={14} className="shrink-0 text-faint" />
          <span className="sr-only">{t('market.search')}</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('market.search')}
            data-testid="market-search"
            className="h-full min-w-0 flex-1 bg-transparent text-[0.8125rem] text-fg outline-none placeholder:text-faint"
          />
        </label>
        {groups.length > 0 && (
          <TabBar
            label={t('market.groups')}
            value={group?.name ?? ''}
            onChange={(name) => {
              setGroup(name);
              setSearch('');
            }}
            items={groups.map((g) => ({ value: g.name, label: g.name, testId: `market-group-${g.name}` }))}
          />
        )}
      </div>
      <div className={clsx('grid gap-2 py-1.5 text-[0.6875rem] text-faint', columns, compact ? 'px-2.5' : 'px-3')}>
        <span>{t('market.colPair')}</span>
        <span className="text-end">{t('market.colPrice')}</span>
        <span className="text-end">{t('market.colChange')}</span>
      </div>
      <VirtualList
        className="min-h-0 flex-1"
        items={rows}
        rowHeight={ROW_HEIGHT}
        getKey={(item) => `${item.legal_id}-${item.currency_id}`}
        label={t('market.listTitle')}
        empty={
          <p className="px-3 py-8 text-center text-[0.8125rem] text-faint">
            {isPending ? t('common.loading') : t('market.noPairs')}
          </p>
        }
        renderRow={(item) => (
          <MarketRow
            item={item}
            compact={compact}
            active={selected?.legal_id === item.legal_id && selected.currency_id === item.currency_id}
          />
        )}
      />
    </section>
  );
}

const COLUMNS = 'grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_4.5rem]';
const COMPACT_COLUMNS = 'grid-cols-[minmax(0,1fr)_auto_3.75rem]';

function MarketRow({ item, active, compact }: { item: QuotationItem; active: boolean; compact: boolean }) {
  const tone = changeTone(item.change);
  return (
    <button
      type="button"
      onClick={() => selectPair(item)}
      aria-current={active || undefined}
      data-testid="market-list-row"
      data-symbol={item.symbol}
      className={clsx(
        'grid h-full w-full items-center gap-2 transition-colors',
        compact ? clsx(COMPACT_COLUMNS, 'px-2.5 text-[0.75rem]') : clsx(COLUMNS, 'px-3 text-[0.8125rem]'),
        active ? 'bg-brand-soft' : 'hover:bg-raised',
      )}
    >
      <span className="truncate text-start">
        <span className="font-medium text-fg">{item.currency_name}</span>
        {!compact && <span className="text-faint">/{item.legal_name}</span>}
      </span>
      <span className={clsx('truncate text-end', tone === 'flat' ? 'text-fg' : toneClass[tone])}>
        <Num>{fixed(item.now_price, item.price_precision)}</Num>
      </span>
      <span className={clsx('text-end', toneClass[tone])}>
        <Num>{formatChange(item.change)}</Num>
      </span>
    </button>
  );
}

