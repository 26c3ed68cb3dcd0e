import { describe, expect, it } from 'vitest';
import {
  initialTradeForm,
  orderRequest,
  orderView,
  submitProblem,
  tradeFormReducer,
  type OrderContext,
  type TradeFormAction,
  type TradeFormState,
} from './order-form';

const context: OrderContext = {
  precision: { price: 2, quantity: 6 },
  availableQuote: '1000',
  availableBase: '1.23456789',
  bestAsk: '65000.129',
  bestBid: '64990',
  signedIn: true,
};

const run = (actions: readonly TradeFormAction[], start: TradeFormState = initialTradeForm('BTC/USDT', null)) =>
  actions.reduce(tradeFormReducer, start);

describe('trade form: price, amount and total', () => {
  it('keeps only the decimals the pair accepts and totals price × amount, 4 decimals cut', () => {
    const state = run([
      { type: 'price', side: 'buy', raw: '65000.129', context },
      { type: 'number', side: 'buy', raw: '0.1234567e', context },
    ]);
    expect(state.drafts.buy).toMatchObject({ limitPrice: '65000.12', number: '0.123456' });
    expect(orderView(state, 'buy', context).total).toBe('8024.6548');
    // the other side is untouched
    expect(state.drafts.sell.limitPrice).toBe('');
  });

  it('a new limit price keeps a buy share and recomputes its amount; a sell amount stays', () => {
    const buy = run([
      { type: 'price', side: 'buy', raw: '65000', context },
      { type: 'slide', side: 'buy', percent: 100, context },
      { type: 'price', side: 'buy', raw: '50000', context },
    ]);
    expect(buy.drafts.buy).toMatchObject({ percent: 100, number: '0.0200' });
    const sell = run([
      { type: 'price', side: 'sell', raw: '65000', context },
      { type: 'slide', side: 'sell', percent: 50, context },
      { type: 'price', side: 'sell', raw: '70000', context },
    ]);
    expect(sell.drafts.sell).toMatchObject({ percent: 50, number: '0.6172' });
  });
});

describe('trade form: the percentage slider', () => {
  it('buy: available quote × share ÷ price; sell: available base × share; 4 decimals cut', () => {
    const state = run([
      { type: 'price', side: 'buy', raw: '65000', context },
      { type: 'slide', side: 'buy', percent: 50, context },
      { type: 'price', side: 'sell', raw: '1', context },
      { type: 'slide', side: 'sell', percent: 75, context },
    ]);
    expect(state.drafts.buy).toMatchObject({ percent: 50, number: '0.0076' });
    expect(state.drafts.sell).toMatchObject({ percent: 75, number: '0.9259' });
  });

  it('does nothing without a price above zero or without a session', () => {
    const start = initialTradeForm('BTC/USDT', null);
    expect(run([{ type: 'slide', side: 'buy', percent: 25, context }], start)).toBe(start);
    const priced = run([{ type: 'price', side: 'buy', raw: '100', context }]);
    const visitor = { ...context, signedIn: false };
    expect(tradeFormReducer(priced, { type: 'slide', side: 'buy', percent: 25, context: visitor })).toBe(priced);
    expect(orderView(priced, 'buy', visitor).canSlide).toBe(false);
    expect(orderView(priced, 'buy', context).canSlide).toBe(true);
  });

  it('a market order slides at the best price of the other side', () => {
    const state = run([
      { type: 'mode', mode: 'market' },
      { type: 'slide', side: 'buy', percent: 100, context: { ...context, bestAsk: '500' } },
    ]);
    expect(state.drafts.buy.number).toBe('2.0000');
  });
});

describe('trade form: limit and market, buy and sell', () => {
  it('a market order is placed and shown at the best price of the other side', () => {
    const state = run([{ type: 'price', side: 'buy', raw: '1', context }, { type: 'mode', mode: 'market' }]);
    expect(orderView(state, 'buy', context)).toMatchObject({ price: '65000.129', shownPrice: '65000.12' });
    expect(orderView(state, 'sell', context)).toMatchObject({ price: '64990', shownPrice: '64990.00' });
    expect(orderView(state, 'buy', { ...context, bestAsk: undefined }).shownPrice).toBe('');
  });

  it('a new mode or a new pair starts both drafts afresh, the same pair keeps them', () => {
    const filled = run([
      { type: 'price', side: 'buy', raw: '5', context },
      { type: 'number', side: 'sell', raw: '2', context },
    ]);
    const moded = tradeFormReducer(filled, { type: 'mode', mode: 'market' });
    expect(moded.mode).toBe('market');
    expect(moded.drafts.buy.limitPrice).toBe('');
    expect(moded.drafts.sell.number).toBe('');
    expect(tradeFormReducer(filled, { type: 'pair', symbol: 'BTC/USDT' })).toBe(filled);
    const other = tradeFormReducer(filled, { type: 'pair', symbol: 'ETH/USDT' });
    expect(other.drafts.buy.limitPrice).toBe('');
    expect(other.mode).toBe('limit');
  });

  it('showing the other side starts that side afresh', () => {
    const state = run([
      { type: 'number', side: 'sell', raw: '2', context },
      { type: 'side', side: 'sell' },
    ]);
    expect(state.side).toBe('sell');
    expect(state.drafts.sell.number).toBe('');
  });

  it('a price picked in the book fills both limit prices once per pick and switches to limit', () => {
    const market = run([{ type: 'mode', mode: 'market' }, { type: 'number', side: 'buy', raw: '3', context }]);
    const picked = tradeFormReducer(market, { type: 'pick', picked: { price: '123.456', seq: 1 }, context });
    expect(picked.mode).toBe('limit');
    expect(picked.drafts.buy).toMatchObject({ limitPrice: '123.45', number: '3' });
    expect(picked.drafts.sell.limitPrice).toBe('123.45');
    expect(tradeFormReducer(picked, { type: 'pick', picked: { price: '999', seq: 1 }, context })).toBe(picked);
    // a pick already there when the panel opens is not applied again
    const opened = initialTradeForm('BTC/USDT', { price: '1', seq: 7 });
    expect(tradeFormReducer(opened, { type: 'pick', picked: { price: '1', seq: 7 }, context })).toBe(opened);
  });

  it('builds the request of a side with the wire mode', () => {
    const state = run([
      { type: 'price', side: 'sell', raw: '70000', context },
      { type: 'number', side: 'sell', raw: '0.5', context },
    ]);
    expect(orderRequest(state, 'sell', context, { legal_id: 3, currency_id: 1 })).toEqual({ legal_id: 3, currency_id: 1, price: '70000', num: '0.5', mode: '2' });
    const market = tradeFormReducer(state, { type: 'mode', mode: 'market' });
    expect(orderRequest(market, 'sell', context, { legal_id: 3, currency_id: 1 })).toMatchObject({ price: '64990', mode: '1' });
  });
});

describe('trade form: checks and confirmation', () => {
  it('asks for a market price, then a price, then an amount', () => {
    const market = run([{ type: 'mode', mode: 'market' }]);
    expect(submitProblem(market, 'buy', { ...context, bestAsk: undefined })).toBe('no market price');
    expect(submitProblem(market, 'buy', context)).toBe('enter number');
    const limit = initialTradeForm('BTC/USDT', null);
    expect(submitProblem(limit, 'buy', context)).toBe('enter price');
    const priced = run([{ type: 'price', side: 'buy', raw: '1', context }]);
    expect(submitProblem(priced, 'buy', context)).toBe('enter number');
    const ready = run([{ type: 'number', side: 'buy', raw: '0.1', context }], priced);
    expect(submitProblem(ready, 'buy', context)).toBeNull();
  });

  it('opens and closes the confirmation; an accepted order empties its side only', () => {
    const ready = run([
      { type: 'price', side: 'buy', raw: '65000', context },
      { type: 'slide', side: 'buy', percent: 25, context },
      { type: 'number', side: 'sell', raw: '1', context },
      { type: 'confirm', side: 'buy' },
    ]);
    expect(orderView(ready, 'buy', context).confirming).toBe(true);
    const placed = run([{ type: 'placed', side: 'buy' }, { type: 'dismiss', side: 'buy' }], ready);
    expect(placed.drafts.buy).toEqual({ limitPrice: '', stopPrice: '', number: '', percent: 0, confirming: false });
    expect(placed.drafts.sell.number).toBe('1');
  });
});

describe('trade form: stop-limit orders and limit controls', () => {
  const pair = { legal_id: 3, currency_id: 1 };

  it('sends a limit order IOC or post-only as chosen, and a stop-limit order with its stop price', () => {
    const drafted = run([
      { type: 'price', side: 'buy', raw: '60000', context },
      { type: 'number', side: 'buy', raw: '0.1', context },
    ]);
    expect(orderRequest(drafted, 'buy', context, pair)).not.toHaveProperty('time_in_force');
    expect(orderRequest(tradeFormReducer(drafted, { type: 'control', control: 'IOC' }), 'buy', context, pair)).toMatchObject({ mode: '2', time_in_force: 'IOC' });
    expect(orderRequest(tradeFormReducer(drafted, { type: 'control', control: 'POST_ONLY' }), 'buy', context, pair)).toMatchObject({ mode: '2', post_only: '1' });

    const stop = run([
      { type: 'control', control: 'POST_ONLY' },
      { type: 'mode', mode: 'stop_limit' },
      { type: 'stopPrice', side: 'sell', raw: '59000.456', context },
      { type: 'price', side: 'sell', raw: '58900', context },
      { type: 'number', side: 'sell', raw: '0.2', context },
    ]);
    // a stop-limit order is good till cancelled: the limit control does not travel with it
    expect(orderRequest(stop, 'sell', context, pair)).toEqual({ legal_id: 3, currency_id: 1, price: '58900', num: '0.2', mode: '3', stop_price: '59000.45' });
  });

  it('asks for a stop price above zero before a stop-limit order is confirmed, and empties it once placed', () => {
    const noStop = run([
      { type: 'mode', mode: 'stop_limit' },
      { type: 'price', side: 'buy', raw: '61000', context },
      { type: 'number', side: 'buy', raw: '0.1', context },
    ]);
    expect(submitProblem(noStop, 'buy', context)).toBe('stop price must be greater than zero');
    const withStop = tradeFormReducer(noStop, { type: 'stopPrice', side: 'buy', raw: '60500', context });
    expect(submitProblem(withStop, 'buy', context)).toBeNull();
    expect(tradeFormReducer(withStop, { type: 'placed', side: 'buy' }).drafts.buy).toMatchObject({ stopPrice: '', limitPrice: '', number: '' });
  });
});
