import { describe, expect, it } from 'vitest';
import type { QuotationGroup as WireQuotationGroup } from '@tessera/protocol';
import {
  changeTone,
  cnyValue,
  usdtCnyRate,
  usdValue,
  displayedPairs,
  findPair,
  formatChange,
  matchesSearch,
  pairKey,
  quotationFromWire,
  withTicker,
  type QuotationGroup,
  type QuotationItem,
} from './market';
import { dealClock, mergeDeals } from './trades';

function item(currency: string, currencyId: number, isDisplay: 0 | 1 = 1): QuotationItem {
  return {
    id: currencyId,
    legal_id: 3,
    currency_id: currencyId,
    legal_name: 'USDT',
    currency_name: currency,
    symbol: `${currency}/USDT`,
    now_price: '1',
    change: '0.00',
    volume: '0',
    high: '1',
    low: '1',
    cny_price: '7',
    is_display: isDisplay,
    logo: '',
    lever_share_num: '1',
    spread: '0',
    lever_trade_fee: '0',
    open_microtrade: 0,
    open_lever: 0,
    price_precision: 2,
    quantity_precision: 4,
    currency_type: 3,
  };
}

const groups: QuotationGroup[] = [{ id: 3, name: 'USDT', quotation: [item('BTC', 1), item('ETH', 2), item('HID', 9, 0)] }];

describe('market board', () => {
  it('reads the display figures the server sends as numbers back as exact decimal text', () => {
    const wire: WireQuotationGroup[] = [
      { id: 3, name: 'USDT', quotation: [{ ...item('BTC', 1), now_price: 65000.5, high: 65010, low: '0.10', volume: 0.12 }] },
    ];
    expect(quotationFromWire(wire)[0]?.quotation[0]).toMatchObject({ now_price: '65000.50', high: '65010.00', low: '0.10', volume: '0.1200' });
  });

  it('shows only pairs with is_display = 1 and finds pairs by ids', () => {
    expect(displayedPairs(groups).map((p) => p.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(findPair(groups, 3, 2)?.symbol).toBe('ETH/USDT');
    expect(findPair(groups, 3, 7)).toBeUndefined();
    expect(pairKey(3, 1)).toBe('3-1');
  });

  it('searches by base name or symbol', () => {
    const btc = item('BTC', 1);
    expect(matchesSearch(btc, 'bt')).toBe(true);
    expect(matchesSearch(btc, 'btcusdt')).toBe(true);
    expect(matchesSearch(btc, 'BTC/US')).toBe(true);
    expect(matchesSearch(btc, 'eth')).toBe(false);
    expect(matchesSearch(btc, '  ')).toBe(true);
  });

  it('lays a live ticker over the reply only when it is newer', () => {
    const btc = item('BTC', 1);
    const ticker = { now_price: '2', change: '+100.00', volume: '5', high: '2', low: '1', at: 2000 };
    expect(withTicker(btc, ticker, 1000).now_price).toBe('2');
    expect(withTicker(btc, ticker, 3000).now_price).toBe('1');
    expect(withTicker(btc, undefined, 0)).toBe(btc);
  });

  it('formats the change with a sign, 2 decimals, and its colour', () => {
    expect(formatChange('+1.256')).toBe('+1.25%');
    expect(formatChange('-0.4')).toBe('-0.40%');
    expect(formatChange('0')).toBe('0.00%');
    expect(formatChange(undefined)).toBe('--');
    expect(changeTone('+1.25')).toBe('up');
    expect(changeTone('-0.01')).toBe('down');
    expect(changeTone('0.00')).toBe('flat');
  });

  it('values a price in US dollars: a USDT pair’s price, otherwise its CNY value at the USDT rate', () => {
    expect(usdValue('65000.129', { now_price: '65000', cny_price: '467675', legal_name: 'USDT' }, null)).toBe('65000.12');
    // ETH/BTC at 0.05 BTC, 1 BTC = 467675 CNY: 23383.75 CNY at 7.195 per USDT = 3250.00 USD
    const ethBtc = { now_price: '0.05', cny_price: '23383.75', legal_name: 'BTC' };
    expect(usdValue('0.05', ethBtc, '7.195')).toBe('3250.00');
    expect(usdValue('0.05', ethBtc, null)).toBeNull();
    expect(usdtCnyRate([{ quotation: [ethBtc, { now_price: '100', cny_price: '719.5', legal_name: 'USDT' }] }])).toBe('7.19500000');
  });

  it('values a price in CNY at the quotation’s rate, floored to cents', () => {
    const item = { now_price: '100', cny_price: '719.5' };
    expect(cnyValue('65000.123', item)).toBe('467675.88');
    // floored, never rounded: 0.019 × 7.195 = 0.136705
    expect(cnyValue('0.019', item)).toBe('0.13');
    expect(cnyValue('1', { now_price: '0', cny_price: '7' })).toBeNull();
    expect(cnyValue('1', undefined)).toBeNull();
    expect(cnyValue('', item)).toBeNull();
  });
});

describe('recent deals', () => {
  it('keeps one row per trade, newest first, at most 20', () => {
    const old = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, time_ms: (i + 1) * 1000 }));
    const merged = mergeDeals(old, [
      { id: 21, time_ms: 21_000 },
      { id: 20, time_ms: 20_000 },
    ]);
    expect(merged).toHaveLength(20);
    expect(merged[0]?.id).toBe(21);
    expect(merged.at(-1)?.id).toBe(2);
    expect(new Set(merged.map((d) => d.id)).size).toBe(20);
  });

  it('shows the time of a deal with Latin digits', () => {
    expect(dealClock(new Date(2026, 0, 1, 9, 5, 7).getTime())).toBe('09:05:07');
  });
});
