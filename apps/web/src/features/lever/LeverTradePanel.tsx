import { clsx } from 'clsx';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { showToast } from '../../components/toast-store';
import { fixed } from '../../lib/trading/decimal';
import { LEVER_MONEY_DECIMALS, type LeverDirection } from '../../lib/trading/lever';
import {
  initialLeverForm,
  leverFormProblem,
  leverFormReducer,
  leverFormTotals,
  leverOrderPrice,
  leverSubmitRequest,
  type LeverContext,
  type LeverFormProblem,
  type LeverMode,
} from '../../lib/trading/lever-form';
import type { PairRef } from '../market';
import { LeverConfirm } from './LeverConfirm';
import { LeverInput, LoginPrompt } from './parts';
import { useSubmitLever } from './queries';

export interface LeverTradePanelProps {
  pair: PairRef;
  context: LeverContext;
  pricePrecision: number;
  /** Multiples offered and quick hand sizes, from the server. */
  multiples: string[];
  quickHands: string[];
  /** Available lever balance in the quote currency, '' when unknown. */
  available: string;
  signedIn: boolean;
  /** Demo visitors (is_vistor = 1) get no transfer link. */
  guest: boolean;
  className?: string;
}

const DIRECTIONS: LeverDirection[] = [1, 2];

/**
 * The leverage trade form: market or limit, a multiple, hands with quick sizes, the totals of a long
 * and of a short, the long and short buttons and a confirmation before sending. Switching mode
 * starts the form over; visitors see a "log in or register" prompt instead of the buttons.
 */
export function LeverTradePanel({ pair, context, pricePrecision, multiples, quickHands, available, signedIn, guest, className }: LeverTradePanelProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(leverFormReducer, pair.symbol, initialLeverForm);
  const submit = useSubmitLever();
  if (state.symbol !== pair.symbol) dispatch({ type: 'pair', symbol: pair.symbol });

  const problemText = (problem: LeverFormProblem) =>
    'limit' in problem ? t(`lever.problem.${problem.key}`, { limit: problem.limit }) : t(`lever.problem.${problem.key}`);

  const open = (direction: LeverDirection) => {
    const problem = leverFormProblem(state, context, direction);
    if (problem) showToast(problemText(problem), 'error');
    else dispatch({ type: 'confirm', direction });
  };

  const confirm = () => {
    if (state.confirming === null) return;
    submit.mutate(leverSubmitRequest(state, state.confirming, pair), {
      onSuccess: (accepted) => {
        if (accepted) dispatch({ type: 'placed' });
      },
      onSettled: () => dispatch({ type: 'dismiss' }),
    });
  };

  const transferTo = signedIn && !guest ? `/new_account/transferLegal?currency_id=${pair.legal_id}&from=change&to=lever` : undefined;
  const unit = pair.legal_name;

  return (
    <section aria-label={t('lever.formTitle')} data-testid="lever-trade-panel" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4">
        <TabBar<LeverMode>
          label={t('trade.mode')}
          value={state.mode}
          onChange={(mode) => dispatch({ type: 'mode', mode })}
          items={[
            { value: 'market', label: t('trade.market'), testId: 'lever-mode-market' },
            { value: 'limit', label: t('trade.limit'), testId: 'lever-mode-limit' },
          ]}
        />
        {transferTo && (
          <Link to={transferTo} className="ms-auto text-[0.75rem] font-medium text-brand hover:underline" data-testid="lever-transfer">
            {t('trade.transfer')}
          </Link>
        )}
      </div>

      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-3 p-4"
        data-testid="lever-form"
      >
        <div className="flex items-center justify-between text-[0.75rem]">
          <span className="text-faint">{t('lever.available')}</span>
          <span>
            <Num className="text-fg" testId="lever-available">
              {signedIn && available !== '' ? fixed(available, LEVER_MONEY_DECIMALS) : '--'}
            </Num>{' '}
            <span className="text-faint">{unit}</span>
          </span>
        </div>

        <LeverInput
          label={t('trade.price')}
          unit={unit}
          testId="lever-price"
          value={state.mode === 'market' ? '' : state.price}
          placeholder={state.mode === 'market' ? t('trade.bestPrice') : t('lever.targetPrice')}
          disabled={state.mode === 'market'}
          onChange={(raw) => dispatch({ type: 'price', raw, decimals: pricePrecision })}
        />

        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-[0.75rem] text-faint">{t('lever.multiple')}</legend>
          <div className="flex flex-wrap gap-1.5" role="radiogroup" aria-label={t('lever.multiple')}>
            {multiples.length === 0 && <span className="text-[0.75rem] text-faint">--</span>}
            {multiples.map((multiple) => (
              <button
                key={multiple}
                type="button"
                role="radio"
                aria-checked={state.multiple === multiple}
                data-testid={`lever-multiple-${multiple}`}
                onClick={() => dispatch({ type: 'multiple', multiple })}
                className={clsx(
                  'num h-7 min-w-11 rounded border px-2 text-[0.75rem] font-medium transition-colors',
                  state.multiple === multiple ? 'border-brand bg-brand-soft text-brand' : 'border-line text-muted hover:border-line-strong hover:text-fg',
                )}
              >
                <bdi dir="ltr">{multiple}×</bdi>
              </button>
            ))}
          </div>
        </fieldset>

        <LeverInput
          label={t('lever.hands')}
          unit={t('lever.handsUnit')}
          testId="lever-hands"
          inputMode="numeric"
          value={state.hands}
          placeholder={context.maxHands && Number(context.maxHands) > 0 ? `${context.minHands || '1'} – ${context.maxHands}` : ''}
          onChange={(raw) => dispatch({ type: 'hands', raw })}
        />
        {quickHands.length > 0 && (
          <div className="flex flex-wrap gap-1.5" aria-label={t('lever.quickHands')}>
            {quickHands.map((hands) => (
              <button
                key={hands}
                type="button"
                data-testid={`lever-quick-${hands}`}
                onClick={() => dispatch({ type: 'hands', raw: hands })}
                className="num h-7 min-w-10 rounded bg-raised px-2 text-[0.75rem] text-muted hover:text-fg"
              >
                {hands}
              </button>
            ))}
          </div>
        )}

        <Totals state={state} context={context} unit={unit} />

        {signedIn ? (
          <div className="grid grid-cols-2 gap-2">
            {DIRECTIONS.map((direction) => (
              <button
                key={direction}
                type="button"
                data-testid={direction === 1 ? 'lever-long' : 'lever-short'}
                disabled={submit.isPending}
                onClick={() => open(direction)}
                className={clsx(
                  'h-10 rounded-md text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:opacity-55',
                  direction === 1 ? 'bg-up' : 'bg-down',
                )}
              >
                {direction === 1 ? t('lever.openLong') : t('lever.openShort')}
              </button>
            ))}
          </div>
        ) : (
          <LoginPrompt testId="lever-login-prompt" />
        )}
      </form>

      <LeverConfirm
        open={state.confirming !== null}
        direction={state.confirming ?? 1}
        mode={state.mode}
        pair={pair}
        price={state.confirming === null ? '' : leverOrderPrice(state, state.confirming, context)}
        pricePrecision={pricePrecision}
        multiple={state.multiple}
        hands={state.hands}
        totals={leverFormTotals(state, state.confirming ?? 1, context)}
        busy={submit.isPending}
        onOpenChange={(next) => {
          if (!submit.isPending && !next) dispatch({ type: 'dismiss' });
        }}
        onConfirm={confirm}
      />
    </section>
  );
}

/** Value, margin and fee of the order, for a long and for a short (the spread makes them differ). */
function Totals({ state, context, unit }: { state: Parameters<typeof leverFormTotals>[0]; context: LeverContext; unit: string }) {
  const { t } = useTranslation();
  const long = leverFormTotals(state, 1, context);
  const short = leverFormTotals(state, 2, context);
  const rows = [
    { key: 'value', label: t('lever.value') },
    { key: 'margin', label: t('lever.margin') },
    { key: 'fee', label: t('lever.fee') },
  ] as const;
  return (
    <table className="w-full text-[0.75rem]" data-testid="lever-totals">
      <thead>
        <tr className="text-faint">
          <th className="py-1 text-start font-normal">{unit}</th>
          <th className="py-1 text-end font-normal text-up">{t('lever.long')}</th>
          <th className="py-1 text-end font-normal text-down">{t('lever.short')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="py-0.5 text-muted">{row.label}</td>
            <td className="py-0.5 text-end">
              <Num testId={`lever-${row.key}-long`}>{long[row.key]}</Num>
            </td>
            <td className="py-0.5 text-end">
              <Num testId={`lever-${row.key}-short`}>{short[row.key]}</Num>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
