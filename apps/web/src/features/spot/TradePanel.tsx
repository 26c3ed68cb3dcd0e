import * as Slider from '@radix-ui/react-slider';
import { clsx } from 'clsx';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apitip } from '../../api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Num } from '../../components/Num';
import { TabBar, pageDir } from '../../components/Tabs';
import { showToast } from '../../components/toast-store';
import { fixed, isPositive } from '../../lib/trading/decimal';
import {
  MODE_WIRE,
  SLIDER_STEPS,
  isBlockedKey,
  limitDecimals,
  marketPrice,
  orderProblem,
  orderTotal,
  sliderEnabled,
  sliderNumber,
  type OrderMode,
  type Side,
} from '../../lib/trading/order';
import type { PairRef } from '../market';
import { usePlaceOrder } from './queries';

export interface Precision {
  price: number;
  quantity: number;
}

/** A price picked in the book: `seq` changes with every click, so the same price can be picked twice. */
export interface PickedPrice {
  price: string;
  seq: number;
}

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
  /** where the "transfer" link goes (spec 1: transferLegal from the trade form); none for visitors and guests */
  transferTo?: string;
  picked: PickedPrice | null;
  /** `split`: buy and sell side by side; `tabs`: one side at a time (narrow columns). */
  layout?: 'split' | 'tabs';
  className?: string;
}

/** Decimals of the balances shown in the form. */
const QUOTE_DECIMALS = 4;
const BASE_DECIMALS = 6;

/**
 * The buy/sell form (spec 1 §4, §5): market or limit, price and number limited to the pair's
 * decimals, the 0–100 % slider, the total, a confirmation dialog before sending; visitors see a
 * "log in or register" prompt instead of the buttons.
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
  const [mode, setMode] = useState<OrderMode>('limit');
  const [side, setSide] = useState<Side>('buy');
  // A new mode starts both forms afresh (spec: switching mode resets the multiples and totals).
  const [generation, setGeneration] = useState(0);

  const changeMode = (next: OrderMode) => {
    setMode(next);
    setGeneration((n) => n + 1);
  };

  // A price picked in the book goes into a limit order.
  useEffect(() => {
    if (picked) setMode('limit');
  }, [picked]);

  const common = { pair, precision, mode, signedIn, picked, availableQuote, availableBase };
  const buy = <OrderForm key={`buy-${generation}-${pair.symbol}`} side="buy" marketAt={marketPrice('buy', bestAsk, bestBid)} {...common} />;
  const sell = <OrderForm key={`sell-${generation}-${pair.symbol}`} side="sell" marketAt={marketPrice('sell', bestAsk, bestBid)} {...common} />;

  return (
    <section aria-label={t('trade.title')} data-testid="trade-panel" className={clsx('rounded-lg border border-line bg-surface', className)}>
      <div className="flex items-center justify-between gap-3 border-b border-line px-4">
        <TabBar<OrderMode>
          label={t('trade.mode')}
          value={mode}
          onChange={changeMode}
          items={[
            { value: 'limit', label: t('trade.limit'), testId: 'trade-mode-limit' },
            { value: 'market', label: t('trade.market'), testId: 'trade-mode-market' },
          ]}
        />
        {transferTo && (
          <Link to={transferTo} className="ms-auto text-[0.75rem] font-medium text-brand hover:underline" data-testid="trade-transfer">
            {t('trade.transfer')}
          </Link>
        )}
        {layout === 'tabs' && (
          <TabBar<Side>
            label={t('trade.side')}
            value={side}
            onChange={setSide}
            variant="solid"
            className="my-1.5 w-40"
            items={[
              { value: 'buy', label: t('trade.buy'), tone: 'up', testId: 'trade-side-buy' },
              { value: 'sell', label: t('trade.sell'), tone: 'down', testId: 'trade-side-sell' },
            ]}
          />
        )}
      </div>
      {layout === 'split' ? (
        <div className="grid gap-x-6 gap-y-6 p-4 md:grid-cols-2">
          {buy}
          {sell}
        </div>
      ) : (
        <div className="p-4">{side === 'buy' ? buy : sell}</div>
      )}
    </section>
  );
}

interface OrderFormProps {
  side: Side;
  pair: PairRef;
  precision: Precision;
  mode: OrderMode;
  /** the best price on the other side of the book: the price of a market order */
  marketAt: string;
  signedIn: boolean;
  picked: PickedPrice | null;
  availableQuote: string;
  availableBase: string;
}

function OrderForm({ side, pair, precision, mode, marketAt, signedIn, picked, availableQuote, availableBase }: OrderFormProps) {
  const { t } = useTranslation();
  const [limitPrice, setLimitPrice] = useState('');
  const [number, setNumber] = useState('');
  const [percent, setPercent] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const place = usePlaceOrder();
  const [lastPick, setLastPick] = useState(picked?.seq ?? 0);

  // A price clicked in the book fills the limit price (adjusting state while rendering: no effect needed).
  if (picked && picked.seq !== lastPick) {
    setLastPick(picked.seq);
    setLimitPrice(limitDecimals(picked.price, precision.price));
  }

  const price = mode === 'market' ? marketAt : limitPrice;
  const total = orderTotal(price, number);
  const canSlide = sliderEnabled(signedIn, price);
  const id = (name: string) => `${side}-${name}`;
  const quoteUnit = pair.legal_name;
  const baseUnit = pair.currency_name;

  const numberFor = (nextPercent: number, atPrice: string) =>
    sliderNumber({ side, percent: nextPercent, availableQuote, availableBase, price: atPrice, quantityPrecision: precision.quantity });

  const slide = (nextPercent: number) => {
    if (!canSlide) return;
    setPercent(nextPercent);
    setNumber(numberFor(nextPercent, price));
  };

  const changePrice = (raw: string) => {
    const next = limitDecimals(raw, precision.price);
    setLimitPrice(next);
    // A buy's slider share depends on the price: keep the share, recompute the number.
    if (side === 'buy' && percent > 0) setNumber(numberFor(percent, next));
  };

  const submit = () => {
    if (mode === 'market' && !isPositive(marketAt)) {
      showToast(apitip('no market price'), 'error');
      return;
    }
    const problem = orderProblem(price, number);
    if (problem) {
      showToast(apitip(problem), 'error');
      return;
    }
    setConfirming(true);
  };

  const confirm = () => {
    place.mutate(
      {
        side,
        input: { legal_id: pair.legal_id, currency_id: pair.currency_id, price, num: number, mode: MODE_WIRE[mode] },
      },
      {
        onSuccess: (accepted) => {
          if (accepted) {
            setLimitPrice('');
            setNumber('');
            setPercent(0);
          }
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  const available = side === 'buy' ? availableQuote : availableBase;
  const tone = side === 'buy' ? 'up' : 'down';

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
        <span className={clsx('font-semibold', side === 'buy' ? 'text-up' : 'text-down')}>
          {side === 'buy' ? t('trade.buyPair', { name: baseUnit }) : t('trade.sellPair', { name: baseUnit })}
        </span>
        <span className="text-faint">
          {t('trade.available')}{' '}
          <Num className="text-fg" testId={id('available')}>
            {signedIn && available !== '' ? fixed(available, side === 'buy' ? QUOTE_DECIMALS : BASE_DECIMALS) : '--'}
          </Num>{' '}
          {side === 'buy' ? quoteUnit : baseUnit}
        </span>
      </div>

      <AmountField
        label={t('trade.price')}
        unit={quoteUnit}
        testId={id('price')}
        value={mode === 'market' ? (marketAt ? fixed(marketAt, precision.price) : '') : limitPrice}
        placeholder={mode === 'market' ? t('trade.bestPrice') : ''}
        disabled={mode === 'market'}
        onChange={changePrice}
      />
      <AmountField
        label={t('trade.amount')}
        unit={baseUnit}
        testId={id('number')}
        value={number}
        placeholder=""
        onChange={(raw) => setNumber(limitDecimals(raw, precision.quantity))}
      />

      <PercentSlider side={side} value={percent} disabled={!canSlide} onChange={slide} label={t('trade.share')} />

      <div className="flex items-center justify-between text-[0.75rem]">
        <span className="text-faint">{t('trade.total')}</span>
        <span className="text-fg">
          <Num testId={id('total')}>{total}</Num> <span className="text-faint">{quoteUnit}</span>
        </span>
      </div>

      {signedIn ? (
        <button
          type="submit"
          data-testid={id('submit')}
          disabled={place.isPending}
          className={clsx(
            'h-10 rounded-md text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:opacity-55',
            side === 'buy' ? 'bg-up' : 'bg-down',
          )}
        >
          {side === 'buy' ? t('trade.buyPair', { name: baseUnit }) : t('trade.sellPair', { name: baseUnit })}
        </button>
      ) : (
        <LoginPrompt testId={id('login-prompt')} />
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!place.isPending) setConfirming(open);
        }}
        title={side === 'buy' ? t('trade.confirmBuy') : t('trade.confirmSell')}
        confirmLabel={side === 'buy' ? t('trade.buy') : t('trade.sell')}
        onConfirm={confirm}
        busy={place.isPending}
        tone={tone}
        testId="order-confirm"
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label={t('trade.pair')}>
            {pair.currency_name}/{pair.legal_name}
          </Row>
          <Row label={t('trade.direction')}>
            <span className={side === 'buy' ? 'text-up' : 'text-down'}>{side === 'buy' ? t('trade.buy') : t('trade.sell')}</span>
          </Row>
          <Row label={t('trade.mode')}>{mode === 'market' ? t('trade.market') : t('trade.limit')}</Row>
          <Row label={t('trade.price')}>
            <Num>{fixed(price, precision.price)}</Num> {quoteUnit}
            {mode === 'market' && <span className="ms-1 text-faint">({t('trade.bestPrice')})</span>}
          </Row>
          <Row label={t('trade.amount')}>
            <Num>{number}</Num> {baseUnit}
          </Row>
          <Row label={t('trade.total')}>
            <Num>{total}</Num> {quoteUnit}
          </Row>
        </dl>
      </ConfirmDialog>
    </form>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="text-end text-fg">{children}</dd>
    </>
  );
}

function blockKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (isBlockedKey(event.key)) event.preventDefault();
}

function AmountField({
  label,
  unit,
  value,
  placeholder,
  disabled = false,
  onChange,
  testId,
}: {
  label: string;
  unit: string;
  value: string;
  placeholder: string;
  disabled?: boolean;
  onChange(raw: string): void;
  testId: string;
}) {
  return (
    <label
      className={clsx(
        'flex h-10 items-center gap-2 rounded-md border border-line bg-sunken px-3 transition-colors focus-within:border-brand',
        disabled ? 'opacity-70' : 'hover:border-line-strong',
      )}
    >
      <span className="w-14 shrink-0 text-[0.75rem] text-faint">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onKeyDown={blockKeys}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        className="num h-full min-w-0 flex-1 bg-transparent text-end text-sm text-fg outline-none placeholder:text-faint disabled:cursor-not-allowed"
      />
      <span className="shrink-0 text-[0.75rem] text-muted">{unit}</span>
    </label>
  );
}

function PercentSlider({
  side,
  value,
  disabled,
  onChange,
  label,
}: {
  side: Side;
  value: number;
  disabled: boolean;
  onChange(percent: number): void;
  label: string;
}) {
  const fill = side === 'buy' ? 'bg-up' : 'bg-down';
  const ring = side === 'buy' ? 'border-up' : 'border-down';
  return (
    <div className="flex flex-col gap-1.5 px-1" data-testid={`${side}-slider`} data-disabled={disabled || undefined}>
      <Slider.Root
        value={[value]}
        min={0}
        max={100}
        step={25}
        disabled={disabled}
        dir={pageDir()}
        onValueChange={([next]) => onChange(next ?? 0)}
        className={clsx('relative flex h-4 touch-none items-center select-none', disabled && 'opacity-50')}
        aria-label={label}
      >
        <Slider.Track className="relative h-1 grow rounded-full bg-line">
          <Slider.Range className={clsx('absolute h-full rounded-full', fill)} />
        </Slider.Track>
        {SLIDER_STEPS.map((step) => (
          <span
            key={step}
            aria-hidden="true"
            style={{ insetInlineStart: `calc(${step}% - 4px)` }}
            className={clsx(
              'pointer-events-none absolute size-2 rotate-45 border bg-surface',
              step <= value && !disabled ? ring : 'border-line-strong',
            )}
          />
        ))}
        <Slider.Thumb className={clsx('block size-3.5 rotate-45 border-2 bg-surface outline-none focus-visible:ring-2 focus-visible:ring-brand', ring)} />
      </Slider.Root>
      <div className="flex justify-between text-[0.6875rem] text-faint">
        {SLIDER_STEPS.map((step) => (
          <button
            key={step}
            type="button"
            disabled={disabled}
            onClick={() => onChange(step)}
            data-testid={`${side}-step-${step}`}
            className={clsx('num rounded px-0.5 hover:text-fg disabled:cursor-not-allowed disabled:hover:text-faint', step === value && !disabled && 'text-fg')}
          >
            {step}%
          </button>
        ))}
      </div>
    </div>
  );
}

/** What a visitor sees instead of the order buttons (spec 1 §2: "login or register to start"). */
function LoginPrompt({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} className="flex h-10 items-center justify-center gap-1.5 rounded-md bg-raised text-[0.8125rem] text-muted">
      <Link to="/components/login" className="font-medium text-brand hover:underline">
        {t('header.login')}
      </Link>
      <span>{t('trade.or')}</span>
      <Link to="/components/register" className="font-medium text-brand hover:underline">
        {t('header.register')}
      </Link>
      <span>{t('trade.toStart')}</span>
    </div>
  );
}
