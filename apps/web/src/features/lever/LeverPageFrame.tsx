import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayedPairs, pairKey } from '../../lib/trading/market';
import { selectPair, useEnsuredPair, useLiveQuotations, useQuotations, type PairRef } from '../market';

/** The frame of the lever list screens: a title, the lever links, and the page's content. */
export function LeverPageFrame({ title, testId, actions, children }: { title: string; testId: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-[90rem] flex-1 px-3 py-4 sm:px-5 sm:py-6" data-testid={testId}>
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-fg">{title}</h1>
        <div className="flex flex-wrap items-center gap-3">{actions}</div>
      </header>
      {children}
      <nav className="mt-4 flex flex-wrap gap-4 text-[0.75rem]" aria-label={t('lever.moreViews')}>
        {(['leverdealCenter', 'leverTransactions', 'leverTransaction', 'leverList', 'allTransaction', 'leverRecord', 'lever_manger'] as const).map((path) => (
          <Link key={path} to={`/${path}`} className={clsx('font-medium text-brand hover:underline')}>
            {t(`page.${path}`)}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** The selected pair (the same one the desks use), with the pair list's quotations. */
export function useLeverPair(): { pair: PairRef | null; groups: ReturnType<typeof useLiveQuotations>['groups'] } {
  const raw = useQuotations();
  const pair = useEnsuredPair(raw.data);
  const { groups } = useLiveQuotations();
  return { pair, groups };
}

/** A choice of the displayed pairs; choosing one selects it for every trading screen. */
export function PairSelect({ pair, groups }: { pair: PairRef | null; groups: ReturnType<typeof useLiveQuotations>['groups'] }) {
  const { t } = useTranslation();
  const pairs = displayedPairs(groups);
  return (
    <label className="flex items-center gap-2 text-[0.8125rem] text-muted">
      {t('trade.pair')}
      <select
        data-testid="lever-pair-select"
        value={pair ? pairKey(pair.legal_id, pair.currency_id) : ''}
        onChange={(event) => {
          const chosen = pairs.find((item) => pairKey(item.legal_id, item.currency_id) === event.target.value);
          if (chosen) selectPair(chosen);
        }}
        className="h-9 rounded-md border border-line bg-sunken px-2 text-fg"
      >
        {pairs.map((item) => (
          <option key={pairKey(item.legal_id, item.currency_id)} value={pairKey(item.legal_id, item.currency_id)}>
            {item.symbol || `${item.currency_name}/${item.legal_name}`}
          </option>
        ))}
      </select>
    </label>
  );
}
