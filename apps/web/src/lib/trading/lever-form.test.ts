import { describe, expect, it } from 'vitest';
import { initialLeverForm, leverFormProblem, leverFormReducer, leverFormTotals, leverSubmitRequest, type LeverContext } from './lever-form';

const context: LeverContext = { lastPrice: '100', shareNum: '1', spread: '0', feePercent: '0.1', minHands: '1', maxHands: '100' };

describe('lever trade form', () => {
  it('starts over when the mode changes: no multiple, no hands, zero totals', () => {
    let state = initialLeverForm('BTC/USDT');
    state = leverFormReducer(state, { type: 'multiple', multiple: '10' });
    state = leverFormReducer(state, { type: 'hands', raw: '5' });
    expect(leverFormTotals(state, 1, context).margin).toBe('50.0000');
    state = leverFormReducer(state, { type: 'mode', mode: 'limit' });
    expect(state.multiple).toBe('');
    expect(state.hands).toBe('');
    expect(leverFormTotals(state, 1, context)).toEqual({ value: '0.0000', margin: '0.0000', fee: '0.0000', required: '0.0000' });
  });

  it('keeps only the whole part of typed hands', () => {
    const state = leverFormReducer(initialLeverForm('X'), { type: 'hands', raw: '1.5e' });
    expect(state.hands).toBe('1');
  });

  it('checks multiple, price, whole hands and the hands limits in that order', () => {
    let state = initialLeverForm('X');
    expect(leverFormProblem(state, context, 1)).toEqual({ key: 'choose multiple' });
    state = leverFormReducer(state, { type: 'multiple', multiple: '5' });
    expect(leverFormProblem(state, context, 1)).toEqual({ key: 'hands must be an integer' });
    expect(leverFormProblem(state, { ...context, lastPrice: '' }, 1)).toEqual({ key: 'no market price' });
    state = leverFormReducer(state, { type: 'hands', raw: '2' });
    expect(leverFormProblem(state, { ...context, minHands: '3' }, 1)).toEqual({ key: 'hands below minimum', limit: '3' });
    expect(leverFormProblem(state, { ...context, maxHands: '1' }, 1)).toEqual({ key: 'hands above maximum', limit: '1' });
    // a maximum of 0 is not enforced; an unset minimum is 1
    expect(leverFormProblem(state, { ...context, maxHands: '0', minHands: '' }, 1)).toBeNull();
    const limit = leverFormReducer(state, { type: 'mode', mode: 'limit' });
    // a limit long may not be above the current price, a limit short not below it
    const priced = { ...limit, multiple: '5', hands: '2', price: '101' };
    expect(leverFormProblem(priced, context, 1)).toEqual({ key: 'limit price rules' });
    expect(leverFormProblem(priced, context, 2)).toBeNull();
    expect(leverFormProblem({ ...priced, price: '99' }, context, 2)).toEqual({ key: 'limit price rules' });
    expect(leverFormProblem({ ...priced, price: '100' }, context, 1)).toBeNull();
    expect(leverFormProblem({ ...limit, multiple: '5', hands: '2' }, context, 1)).toEqual({ key: 'enter price' });
  });

  it('prices market orders from the mark with the spread and sends the wire fields', () => {
    let state = leverFormReducer(initialLeverForm('X'), { type: 'multiple', multiple: '10' });
    state = leverFormReducer(state, { type: 'hands', raw: '1' });
    expect(leverFormTotals(state, 1, { ...context, spread: '1' }).value).toBe('101.0000');
    // the spread is an amount of the quote currency, not a percent
    expect(leverFormTotals(state, 2, { ...context, spread: '1' }).value).toBe('99.0000');
    expect(leverSubmitRequest(state, 2, { legal_id: 3, currency_id: 1 })).toEqual({
      legal_id: 3,
      currency_id: 1,
      multiple: '10',
      share: '1',
      type: 2,
      status: '1',
      target_price: '',
    });
    state = leverFormReducer(state, { type: 'mode', mode: 'limit' });
    state = leverFormReducer(state, { type: 'price', raw: '95.123456', decimals: 4 });
    expect(state.price).toBe('95.1234');
    expect(leverSubmitRequest({ ...state, multiple: '10', hands: '1' }, 1, { legal_id: 3, currency_id: 1 }).status).toBe('0');
  });
});
