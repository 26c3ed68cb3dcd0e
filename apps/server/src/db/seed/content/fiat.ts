import type { SeedFiatCurrency } from './types';

export type { SeedFiatCurrency } from './types';

/**
 * Fiat currencies of the fiat market, CNY first. `usdt_rate` is how much of the currency one USDT
 * is worth: a reference rate until the operator sets its own.
 */
export const SEED_FIAT_CURRENCIES: SeedFiatCurrency[] = [
  { id: 1, name: 'CNY', usdt_rate: '7.18' },
  { id: 2, name: 'USD', usdt_rate: '1' },
  { id: 3, name: 'EUR', usdt_rate: '0.92' },
  { id: 4, name: 'HKD', usdt_rate: '7.79' },
  { id: 5, name: 'JPY', usdt_rate: '151.6' },
  { id: 6, name: 'KRW', usdt_rate: '1385' },
];
