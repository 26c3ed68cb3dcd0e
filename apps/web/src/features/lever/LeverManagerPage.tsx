import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeverRiskItem } from '../../api';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { compare, fixed, isPositive } from '../../lib/trading/decimal';
import { DEFAULT_LIQUIDATION_RATE, LEVER_MONEY_DECIMALS } from '../../lib/trading/lever';
import { findPair } from '../../lib/trading/market';
import { useLiveQuotations } from '../market';
import { useLeverFeed, useLeverRisk } from './queries';

/**
 * /lever_manger, contract management: per quote currency of the lever wallet, the risk rate, the
 * margin in use, the available balance and unrealised profit, and per pair the current price and
 * the mark at which the account would be liquidated (the other pairs' marks staying where they are). The figures are the user's, refreshed with every lever push.
 */
export function LeverManagerPage() {
  const { t } = useTranslation();
  useLeverFeed();
  const risk = useLeverRisk();
  const items = risk.data?.list ?? [];
  const rate = items[0]?.liquidation_rate || DEFAULT_LIQUIDATION_RATE;
  return (
    <div className="mx-auto w-full max-w-[60rem] flex-1 px-3 py-4 sm:px-5 sm:py-6">
      <div className="rounded-xl border border-line bg-surface" data-testid="lever-manager-page">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
          <h2 className="text-lg font-semibold text-fg">{t('page.lever_manger')}</h2>
          <Link to="/leverdealCenter" className="text-[0.8125rem] font-medium text-brand hover:underline">
            {t('page.leverdealCenter')}
          </Link>
        </header>
        <p role="note" className="border-b border-line px-4 py-3 text-[0.8125rem] text-fg sm:px-6" data-testid="liquidation-rule">
          {t('lever.manager.rule', { rate: `${fixed(rate, 0)}%` })}
        </p>
        {risk.isPending ? (
          <Loading label={t('common.loading')} className="py-16" />
        ) : risk.isError ? (
          <p className="px-6 py-12 text-center text-[0.8125rem] text-down" data-testid="lever-risk-error">
            {t('lever.manager.failed')}
          </p>
        ) : items.length === 0 ? (
          <p className="px-6 py-12 text-center text-[0.8125rem] text-faint" data-testid="lever-risk-empty">
            {t('lever.manager.none')}
          </p>
        ) : (
          <div className="grid gap-4 p-4 sm:p-6">
            {items.map((item) => (
              <RiskCard key={item.legal_id} item={item} rate={item.liquidation_rate || rate} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function RiskCard({ item, rate }: { item: LeverRiskItem; rate: string }) {
  const { t } = useTranslation();
  const { groups } = useLiveQuotations();
  const hasRate = isPositive(item.hazard_rate);
  // within 20 points of liquidation the rate shows as a warning
  const tone = !hasRate ? 'text-muted' : compare(item.hazard_rate, String(Number(rate) + 20)) <= 0 ? 'text-down' : 'text-up';
  return (
    <section className="rounded-lg border border-line p-4" data-testid="lever-risk-card" data-currency={item.legal_name} data-rate={item.hazard_rate}>
      <h3 className="text-sm font-semibold text-fg">{item.legal_name}</h3>
      <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label={t('lever.riskRate')}>
          <Num className={tone} testId="lever-risk-rate">
            {hasRate ? `${fixed(item.hazard_rate, 2)}%` : '--'}
          </Num>
        </Figure>
        <Figure label={t('lever.manager.marginInUse')}>
          <Num testId="lever-risk-margin">{fixed(item.caution_money, LEVER_MONEY_DECIMALS)}</Num>
        </Figure>
        <Figure label={t('lever.available')}>
          <Num>{fixed(item.available, LEVER_MONEY_DECIMALS)}</Num>
        </Figure>
        <Figure label={t('lever.totalProfit')}>
          <Num className={Number(item.profits) >= 0 ? 'text-up' : 'text-down'}>{fixed(item.profits, LEVER_MONEY_DECIMALS)}</Num>
        </Figure>
      </div>
      {item.liquidation_prices.length > 0 && (
        <table className="mt-4 w-full text-[0.8125rem]" data-testid="lever-risk-pairs">
          <thead>
            <tr className="text-[0.6875rem] text-faint">
              <th className="py-1 text-start font-normal">{t('trade.pair')}</th>
              <th className="py-1 text-end font-normal">{t('lever.manager.mark')}</th>
              <th className="py-1 text-end font-normal">{t('lever.manager.liquidationMark')}</th>
            </tr>
          </thead>
          <tbody>
            {item.liquidation_prices.map((pair) => (
              <tr key={pair.symbol} className="border-t border-line/50" data-testid="lever-risk-pair" data-symbol={pair.symbol} data-price={pair.price}>
                <td className="py-1.5">{pair.symbol}</td>
                <td className="py-1.5 text-end">
                  <Num>{fixed(findPair(groups, item.legal_id, pair.currency_id)?.now_price, 4)}</Num>
                </td>
                <td className="py-1.5 text-end font-medium text-down">
                  <Num testId="lever-risk-liquidation">{isPositive(pair.price) ? fixed(pair.price, 4) : '--'}</Num>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <div className="text-[0.75rem] text-faint">{label}</div>
      <div className={clsx('mt-1 text-lg font-semibold text-fg')}>{children}</div>
    </div>
  );
}
