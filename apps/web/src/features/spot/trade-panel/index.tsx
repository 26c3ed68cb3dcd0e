import { clsx } from 'clsx';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { initialTradeForm, tradeFormReducer, type OrderContext, type PickedPrice, type Precision } from '../../../lib/trading/order-form';
import type { PairRef } from '../../market';
import { OrderForm } from './OrderForm';
import { LimitControlTabs, OrderTypeTabs, SideTabs } from './OrderTypeTabs';

export type { PickedPrice, Precision };

interface TradePanelProps {
  pair: PairRef;
  precision: Precision;
  bestAsk: string | undefined;
  bestBid: string | undefined;
  /** available quote balance (USDT), '' when unknown */
  availableQuote: string;
  /** available base balance (BTC), '' when unknown */
  availableBase: string;
  signedIn: boolean;
  /** where the "transfer" link goes (into the spot wallet); none for visitors and guests */
  transferTo?: string;
  picked: PickedPrice | null;
  /** `split`: buy and sell side by side; `tabs`: one side at a time (narrow columns). */
  layout?: 'split' | 'tabs';
  className?: string;
}

/**
 * The buy/sell panel: limit (good till cancelled, IOC or post-only), market or stop-limit, price and amount limited to the pair's decimals, the 0–100 %
 * slider, the total, a confirmation before sending; visitors see a "log in or register" prompt
 * instead of the buttons. Its state and rules are the pure reducer of `lib/trading/order-form`.
 */
export function TradePanel({
  pair,
  precision,
  bestAsk,
  bestBid,
  availableQuote,
  availableBase,
  signedIn,
  transferTo,
  picked,
  layout = 'split',
  className,
}: TradePanelProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(tradeFormReducer, null, () => initialTradeForm(pair.symbol, picked));
  const context: OrderContext = { precision, availableQuote, availableBase, bestAsk, bestBid, signedIn };

  // A new pair and a price picked in the book update the state while rendering: no effect needed.
  if (state.symbol !== pair.symbol) dispatch({ type: 'pair', symbol: pair.symbol });
  if (picked && picked.seq !== state.pickSeq) dispatch({ type: 'pick', picked, context });

  const form = (side: 'buy' | 'sell') => <OrderForm key={side} side={side} pair={pair} state={state} context={context} dispatch={dispatch} />;

  return (
    <section aria-label={t('trade.title')} data-testid="trade-panel" className={clsx('rounded-lg border border-line bg-surface', className)}>
      {/* the Buy/Sell tabs get a row of their own: beside the mode tabs a narrow column clips them */}
      {layout === 'tabs' && (
        <div className="border-b border-line px-4" data-testid="trade-side-row">
          <SideTabs value={state.side} onChange={(side) => dispatch({ type: 'side', side })} />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-3 border-b border-line px-4">
        <OrderTypeTabs value={state.mode} onChange={(mode) => dispatch({ type: 'mode', mode })} />
        {transferTo && (
          <Link to={transferTo} className="ms-auto text-[0.75rem] font-medium text-brand hover:underline" data-testid="trade-transfer">
            {t('trade.transfer')}
          </Link>
        )}
      </div>
      {state.mode === 'limit' && (
        <div className="border-b border-line px-4 py-2" data-testid="trade-controls">
          <LimitControlTabs value={state.control} onChange={(control) => dispatch({ type: 'control', control })} />
        </div>
      )}
      {layout === 'split' ? (
        <div className="grid gap-x-6 gap-y-6 p-4 md:grid-cols-2">
          {form('buy')}
          {form('sell')}
        </div>
      ) : (
        <div className="p-4">{form(state.side)}</div>
      )}
    </section>
  );
}
