import { clsx } from 'clsx';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip } from '../../../api';
import { Num } from '../../../components/Num';
import { showToast } from '../../../components/toast-store';
import { fixed } from '../../../lib/trading/decimal';
import type { Side } from '../../../lib/trading/order';
import {
  orderRequest,
  orderView,
  submitProblem,
  type OrderContext,
  type TradeFormAction,
  type TradeFormState,
} from '../../../lib/trading/order-form';
import type { PairRef } from '../../market';
import { usePlaceOrder } from '../queries';
import { AmountField } from './AmountField';
import { DecimalInput } from './DecimalInput';
import { OrderConfirm } from './OrderConfirm';
import { PercentSlider } from './PercentSlider';
import { PriceField } from './PriceField';
import { SubmitButton } from './SubmitButton';

/** Decimals of the balances shown in the form. */
const QUOTE_DECIMALS = 4;
const BASE_DECIMALS = 6;

/** One side's form: available balance, price, amount, slider, total, the button and the confirmation. */
export function OrderForm({
  side,
  pair,
  state,
  context,
  dispatch,
}: {
  side: Side;
  pair: PairRef;
  state: TradeFormState;
  context: OrderContext;
  dispatch: Dispatch<TradeFormAction>;
}) {
  const { t } = useTranslation();
  const place = usePlaceOrder();
  const view = orderView(state, side, context);
  const quoteUnit = pair.legal_name;
  const baseUnit = pair.currency_name;
  const available = side === 'buy' ? context.availableQuote : context.availableBase;
  const title = side === 'buy' ? t('trade.buyPair', { name: baseUnit }) : t('trade.sellPair', { name: baseUnit });

  const submit = () => {
    const problem = submitProblem(state, side, context);
    if (problem) showToast(apitip(problem), 'error');
    else dispatch({ type: 'confirm', side });
  };

  const confirm = () => {
    place.mutate(
      { side, input: orderRequest(state, side, context, pair) },
      {
        onSuccess: (accepted) => {
          if (accepted) dispatch({ type: 'placed', side });
        },
        onSettled: () => dispatch({ type: 'dismiss', side }),
      },
    );
  };

  return (
    <form
      noValidate
      data-testid={`${side}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-3"
    >
      <div className="flex items-center justify-between text-[0.75rem]">
        <span className={clsx('font-semibold', side === 'buy' ? 'text-up' : 'text-down')}>{title}</span>
        <span className="text-faint">
          {t('trade.available')}{' '}
          <Num className="text-fg" testId={`${side}-available`}>
            {context.signedIn && available !== '' ? fixed(available, side === 'buy' ? QUOTE_DECIMALS : BASE_DECIMALS) : '--'}
          </Num>{' '}
          {side === 'buy' ? quoteUnit : baseUnit}
        </span>
      </div>

      {state.mode === 'stop_limit' && (
        <DecimalInput
          label={t('trade.stopPrice')}
          unit={quoteUnit}
          testId={`${side}-stop-price`}
          value={state.drafts[side].stopPrice}
          placeholder={t('trade.stopHint')}
          onChange={(raw) => dispatch({ type: 'stopPrice', side, raw, context })}
        />
      )}
      <PriceField side={side} mode={state.mode} unit={quoteUnit} value={view.shownPrice} onChange={(raw) => dispatch({ type: 'price', side, raw, context })} />
      <AmountField side={side} unit={baseUnit} value={view.number} onChange={(raw) => dispatch({ type: 'number', side, raw, context })} />
      <PercentSlider
        side={side}
        value={view.percent}
        disabled={!view.canSlide}
        onChange={(percent) => dispatch({ type: 'slide', side, percent, context })}
        label={t('trade.share')}
      />

      <div className="flex items-center justify-between text-[0.75rem]">
        <span className="text-faint">{t('trade.total')}</span>
        <span className="text-fg">
          <Num testId={`${side}-total`}>{view.total}</Num> <span className="text-faint">{quoteUnit}</span>
        </span>
      </div>

      <SubmitButton side={side} label={title} signedIn={context.signedIn} busy={place.isPending} />

      <OrderConfirm
        side={side}
        mode={state.mode}
        pair={pair}
        pricePrecision={context.precision.price}
        price={view.price}
        number={view.number}
        total={view.total}
        open={view.confirming}
        busy={place.isPending}
        onOpenChange={(open) => {
          if (!place.isPending) dispatch({ type: open ? 'confirm' : 'dismiss', side });
        }}
        onConfirm={confirm}
      />
    </form>
  );
}
